# cmake/web.cmake: the WebAssembly configuration (emcmake cmake, as tools/web/build runs it).
# Owns: the libraries under the target names the modules link (PkgConfig::CAIRO, ::TEXT,
# ::YAMLCPP), taken from the prefix tools/web/build-deps.sh cross-built (ATTNLAB_WEB_DEPS); the
# flags every wasm object and link shares; and the web module's program (attnlab_web_program).
# Knows no module's sources: CMakeLists.txt declares the shared modules for both builds and
# calls attnlab_web_program() after draw/, then stops (no output/, app/, sdl/, tests or benchmarks:
# they need SDL2, X11, libyuv, threads or the native tools).
set(ATTNLAB_WEB_DEPS "" CACHE PATH "The prefix tools/web/build-deps.sh printed (its lib/ and include/)")
if(NOT ATTNLAB_WEB_DEPS OR NOT EXISTS "${ATTNLAB_WEB_DEPS}/.complete")
  message(FATAL_ERROR "The web build needs the cross-built libraries: run tools/web/build (or give "
                      "-DATTNLAB_WEB_DEPS=<the prefix tools/web/build-deps.sh printed>)")
endif()

# One exception model for every object and the link: WebAssembly's own (yaml-cpp reports parse
# errors by throwing; the loader catches them). Single-threaded (no -pthread: a page needs no
# cross-origin isolation). The engine's portable kernels: no x86 in WebAssembly, and
# ATTNLAB_PORTABLE_ONLY says so to attention/ in words.
add_compile_options(-fwasm-exceptions)
add_link_options(-fwasm-exceptions)
add_compile_definitions(ATTNLAB_PORTABLE_ONLY=1)
set(CMAKE_CXX_FLAGS_RELEASE "-O2 -DNDEBUG")   # measured: -O3 is larger and no faster for the painter

function(attnlab_web_library name)
  cmake_parse_arguments(L "" "" "INCLUDES;LIBS" ${ARGN})
  add_library(${name} INTERFACE IMPORTED)
  list(TRANSFORM L_INCLUDES PREPEND "${ATTNLAB_WEB_DEPS}/include")
  list(TRANSFORM L_LIBS PREPEND "${ATTNLAB_WEB_DEPS}/lib/lib")
  list(TRANSFORM L_LIBS APPEND ".a")
  foreach(lib IN LISTS L_LIBS)
    if(NOT EXISTS "${lib}")
      message(FATAL_ERROR "${lib} is missing from the web libraries: run tools/web/build-deps.sh again")
    endif()
  endforeach()
  set_target_properties(${name} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${L_INCLUDES}"
                                           INTERFACE_LINK_LIBRARIES "${L_LIBS}")
endfunction()
# Cairo (image surface, FreeType fonts) over pixman, FreeType, libpng and zlib.
attnlab_web_library(PkgConfig::CAIRO INCLUDES / /cairo /freetype2 LIBS cairo pixman-1 freetype png16 z)
# The text stack: libraqm over HarfBuzz (with hb-ft) and FriBiDi.
attnlab_web_library(PkgConfig::TEXT INCLUDES / /harfbuzz /fribidi /freetype2 LIBS raqm harfbuzz fribidi freetype)
attnlab_web_library(PkgConfig::YAMLCPP INCLUDES / LIBS yaml-cpp)
# nlohmann-json (the .safetensors header, load/tensors.cpp) is headers only: Debian's
# nlohmann-json3-dev, which tools/setup.sh installs for the native build, serves the web build as
# it is. Only its own folder is put on the include path (a link in the build folder), never the
# host's /usr/include.
find_path(ATTNLAB_NLOHMANN_DIR nlohmann/json.hpp PATHS /usr/include NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
if(NOT ATTNLAB_NLOHMANN_DIR)
  message(FATAL_ERROR "The web build reads .safetensors headers with nlohmann-json: install the Debian "
                      "package nlohmann-json3-dev (tools/setup.sh installs everything attnlab needs)")
endif()
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/generated/json-include)
file(CREATE_LINK ${ATTNLAB_NLOHMANN_DIR}/nlohmann ${CMAKE_BINARY_DIR}/generated/json-include/nlohmann SYMBOLIC)
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
set_target_properties(nlohmann_json::nlohmann_json PROPERTIES
                      INTERFACE_INCLUDE_DIRECTORIES ${CMAKE_BINARY_DIR}/generated/json-include)

# The web module (engine/web/) and its program, attnlab-web.js and .wasm: the scenes, decks and
# DejaVu fonts in an embedded file system (/attnlab/scenes, /attnlab/slides, /attnlab/fonts), a
# modularized module (createAttnlab) whose exported functions tools and pages call.
function(attnlab_web_program)
  # Every line of the program is the module's (engine/web/entry.cpp has main and the exported
  # functions, which the link pulls from the library): the executable's own source is empty.
  file(WRITE ${CMAKE_BINARY_DIR}/generated/web_program.cpp "// attnlab-web: the web module's program (engine/web/)\n")
  add_executable(attnlab-web ${CMAKE_BINARY_DIR}/generated/web_program.cpp)
  target_link_libraries(attnlab-web PRIVATE attnlab::web attnlab_warnings)
  set(exports _main _attnlab_open _attnlab_error _attnlab_steps _attnlab_paint _attnlab_fallback
      _attnlab_live_open _attnlab_live_time _attnlab_live_resize _attnlab_live_key _attnlab_live_pointer
      _attnlab_live_frame _attnlab_live_width _attnlab_live_height _attnlab_live_dirty_top
      _attnlab_live_dirty_bottom _attnlab_live_status _attnlab_live_where
      _attnlab_live_quiz _attnlab_live_restore_quiz
      _attnlab_live_requests _attnlab_live_fullscreen)
  list(JOIN exports "," exports)
  set(src ${CMAKE_CURRENT_SOURCE_DIR})
  target_link_options(attnlab-web PRIVATE
    -sMODULARIZE=1 -sEXPORT_NAME=createAttnlab -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=134217728 -sENVIRONMENT=web,node
    "-sEXPORTED_FUNCTIONS=${exports}" "-sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString,HEAPU8,FS"
    "SHELL:--embed-file ${src}/scenes@/attnlab/scenes"
    "SHELL:--embed-file ${src}/slides@/attnlab/slides"
    "SHELL:--embed-file ${src}/fonts@/attnlab/fonts")
  # The live page (engine/web/page/) beside the module: build-web/live.html opens a deck live.
  foreach(page live.html live.js)
    configure_file(${src}/engine/web/page/${page} ${CMAKE_BINARY_DIR}/${page} COPYONLY)
  endforeach()
  # Relink when an embedded file changes.
  file(GLOB_RECURSE embedded CONFIGURE_DEPENDS ${src}/scenes/* ${src}/slides/* ${src}/fonts/*)
  set_property(TARGET attnlab-web APPEND PROPERTY LINK_DEPENDS ${embedded})
  target_compile_options(attnlab_attention PRIVATE -O3)
endfunction()
