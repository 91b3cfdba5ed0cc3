// attention/row_ops_x86: the x86 kernels of row_ops (AVX2+FMA, and AVX-512 for the
// exponentials), declared for row_ops.cpp to choose at run time. ATTNLAB_X86 says whether they
// are built: on other processors (WebAssembly, ARM) row_ops calls none of them, behind
// `if constexpr (kBuilt)`, so none needs a definition there (ATTNLAB_PORTABLE_ONLY builds an
// x86 machine the same way, to try it). Internal to attention/.
#pragma once

#include <cstddef>

#if (defined(__x86_64__) || defined(__i386__)) && !defined(ATTNLAB_PORTABLE_ONLY)
#define ATTNLAB_X86 1
#define ATTNLAB_TARGET(features) __attribute__((target(features)))
#include <immintrin.h>  // the intrinsics, for the kernels here and attention.cpp's product tiles
#else
#define ATTNLAB_X86 0
#define ATTNLAB_TARGET(features)
#endif

namespace attention::row_ops::x86 {

inline constexpr bool kBuilt = ATTNLAB_X86 != 0;

// Whether the processor runs the AVX2+FMA kernels, and the AVX-512 ones (each asked once).
bool has_avx2_fma();
bool has_avx512();

// The twins of row_ops's operations of the same names (see row_ops.hpp).
// (The target attribute is part of each declaration: the compiler may only use those
// instructions inside them.)
ATTNLAB_TARGET("avx2,fma") void exp_nonpositive_avx2(double* x, std::size_t n);
ATTNLAB_TARGET("avx512f,avx2,fma") void exp_nonpositive_avx512(double* x, std::size_t n);
ATTNLAB_TARGET("avx2,fma") double exponentiate_and_normalise_avx2(double* w, std::size_t n, bool wide);
ATTNLAB_TARGET("avx2,fma") void scale_avx2(const double* x, double s, std::size_t n, double* out);
ATTNLAB_TARGET("avx2,fma") bool scale_finite_avx2(const double* x, double s, std::size_t n, double* out);
ATTNLAB_TARGET("avx2,fma") bool all_finite_avx2(const double* x, std::size_t n);
ATTNLAB_TARGET("avx2,fma") double largest_avx2(const double* x, std::size_t n);
ATTNLAB_TARGET("avx2,fma") void shift_scale_avx2(const double* x, double best, double s, std::size_t n, double* out);
ATTNLAB_TARGET("avx2,fma") void stream_copy_avx2(const double* from, double* to, std::size_t n);
void stream_done();

}  // namespace attention::row_ops::x86
