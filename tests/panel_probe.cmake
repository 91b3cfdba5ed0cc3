# The panel table holds a panel to both of its halves: this script adds a panel ("probe",
# tests/panel_probe/) to a scratch copy of the table and builds the frame model's and the
# painter's registries against the engine's libraries, leaving out one half at a time.
#   a row without its struct            → does not compile
#   a struct without its builder        → does not link (model::build(…, Tag<Probe>))
#   a builder without its painter       → does not link (draw::kProbePanel)
#   both halves                         → builds
# Run by CTest: cmake -DSOURCE=<repo> -DBUILD=<build dir> -DFLAGS=<compile flags> -P panel_probe.cmake
set(here ${SOURCE}/tests/panel_probe)
set(scratch ${BUILD}/panel_probe)

function(probe name expect)  # expect: "ok" or the text the failing build must print
  cmake_parse_arguments(P "" "" "SOURCES;DEFINES" ${ARGN})
  set(dir ${scratch}/${name})
  file(REMOVE_RECURSE ${dir})
  file(MAKE_DIRECTORY ${dir}/inc/model/panels)
  file(COPY_FILE ${here}/probe.hpp ${dir}/inc/model/panels/probe.hpp)
  file(COPY_FILE ${here}/main.cpp ${dir}/main.cpp)
  set(EXTRA_SOURCES "")
  foreach(s IN LISTS P_SOURCES)
    string(APPEND EXTRA_SOURCES " ${here}/${s}")
  endforeach()
  set(DEFINES "${P_DEFINES}")
  configure_file(${here}/CMakeLists.txt.in ${dir}/CMakeLists.txt @ONLY)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${dir} -B ${dir}/build -DCMAKE_BUILD_TYPE=Release
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name}: the scratch project did not configure:\n${out}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${dir}/build
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(expect STREQUAL "ok")
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${name}: a panel with both halves should build, but:\n${out}")
    endif()
  else()
    if(rc EQUAL 0)
      message(FATAL_ERROR "${name}: built, although a half of the panel is missing")
    endif()
    string(FIND "${out}" "${expect}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${name}: failed, but without naming the missing half ('${expect}'):\n${out}")
    endif()
  endif()
  message(STATUS "${name}: as expected (${expect})")
endfunction()

probe(no_struct "incomplete type" SOURCES builder.cpp painter.cpp DEFINES PROBE_NO_STRUCT)
probe(no_builder "build(model::Row const&, model::Tag<model::Probe>)" SOURCES painter.cpp)
probe(no_painter "draw::kProbePanel" SOURCES builder.cpp)
probe(both ok SOURCES builder.cpp painter.cpp)
