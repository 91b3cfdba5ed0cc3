// attention/row_ops: the vectorised operations on one row of doubles that the stages of a trace
// are made of — the exponentials of softmax and its normalisation, scaling, the finiteness check,
// the largest entry, and a copy past the cache. Each has an AVX2 kernel (the exponentials an
// AVX-512 one too) giving the same bits as its portable loop, chosen at run time.
// Internal to attention/ (attention.cpp), not part of its interface.
#pragma once

#include <cstddef>

namespace attention::row_ops {

// True when the processor runs the AVX2+FMA kernels, and the AVX-512 ones (each asked once).
bool has_avx2_fma();
bool has_avx512();

// e^x in place for every x ≤ 0 (see attention::exp_nonpositive); `wide`: eight lanes at a time
// where the processor has AVX-512 (the same bits as four).
void exp_nonpositive(double* x, std::size_t n, bool wide);
// e^w[j] for every j, then each divided by their sum (added in four lanes, entry j into lane
// j mod 4, whatever the width): the last half of every softmax. Returns that sum.
double exponentiate_and_normalise(double* w, std::size_t n, bool wide);
// out[j] = x[j] · s.
void scale(const double* x, double s, std::size_t n, double* out);
// out[j] = x[j] · s; true when every x[j] is finite (in the same pass).
bool scale_finite(const double* x, double s, std::size_t n, double* out);
// True when every x[j] is finite.
bool all_finite(const double* x, std::size_t n);
// The largest of x[0..n), n ≥ 1.
double largest(const double* x, std::size_t n);
// out[j] = (x[j] − best) · s.
void shift_scale(const double* x, double best, double s, std::size_t n, double* out);
// to[0..n) = from[0..n), stored past the cache (non-temporal stores) where the processor has
// AVX2; stream_done() orders them before whatever the thread writes next.
void stream_copy(const double* from, double* to, std::size_t n);
void stream_done();

}  // namespace attention::row_ops
