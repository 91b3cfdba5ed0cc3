#!/usr/bin/env python3
"""Trains attnlab's own tiny model: a two-layer, attention-only Transformer on repeated random
sequences, whose first layer learns a previous-token head and whose second an induction head.

    python3 tools/train/train_heads.py            # a minute or two of one CPU core

Needs only Debian's python3-numpy (the backward pass is written out by hand: the model is small,
and numpy is all a checkout needs). From a fixed seed it writes, beside the scenes that load them:

    scenes/models/two-layer-heads.safetensors   the weights (float32, 16 KB)
    scenes/models/held-out-x0.npy               a held-out sequence's inputs to layer 0
    scenes/models/held-out-x1.npy               ... and to layer 1 (x0 plus layer 0's output)
    scenes/models/held-out-embed.npy            ... its letters' embeddings alone, to which a scene
                                                adds the position table itself (positions: learned)

and prints what each head does on sequences it never saw. tests/tensors_test.cpp loads the
committed weights through attnlab's own loader and checks the same patterns with attnlab's own
engine. (The bytes depend on numpy's arithmetic; the patterns do not.)

The model: a token's vector is its embedding plus a learned position vector, x0 = E[t] + P[i].
Each layer adds its head's output to it (the residual stream): x1 = x0 + A0·V0·W_O0, and
x2 = x1 + A1·V1·W_O1, where A is the causal softmax of q·k/√d with q = x·W_Q, k = x·W_K,
v = x·W_V. The logits of the next token are x2·U. No MLPs, no layer norm.

Two stages, on sequences of 24 letters from a vocabulary of 16 (A to P):
 1. layer 0 alone (with the embeddings) learns to name the token before: the answer at position
    i is the letter at i - 1, which it can only read by looking there (a previous-token head);
 2. with layer 0 and the embeddings kept as stage 1 left them, layer 1 (and a fresh
    unembedding) learns the next letter of sequences that hold a segment of 4 to 9 distinct
    letters twice, at random places among random letters; the loss is on the second copy, where
    the next letter can be known: it followed this letter the first time. Layer 1 finds it by
    the trace the previous-token head left in each key ("before me came B"): an induction head.
    Position alone cannot, since the segment moves and changes length.
Trained in one go on the repeats alone, a model this small solved them without a previous-token
head (its first head put no weight on the token before: another circuit), which is why layer 0
is taught first.
"""
import argparse
import json
import os
import struct
import sys

# One thread: the matrices are small, and a shared machine's cores are better left to others.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402  (after the thread settings, which it reads on import)

VOCAB = 16            # letters A..P
CONTEXT = 24          # positions the model learns
WIDTH = 32            # the residual stream: x has 32 numbers
HEAD = 8              # d: a head's query, key and value width
LETTERS = [chr(ord("A") + i) for i in range(VOCAB)]

# The held-out sequence the scenes show (14 tokens: a letter, a segment of six, the segment
# again, a letter), drawn from a generator of its own so that training never sees it.
HELD_OUT_SEED = 2024


def sequence(rng, length=CONTEXT):
    """One training sequence: (tokens, positions the loss is taken at)."""
    seg = int(rng.integers(4, 10))
    tokens = rng.integers(0, VOCAB, size=length)
    segment = rng.choice(VOCAB, size=seg, replace=False)
    first = int(rng.integers(0, length - 2 * seg + 1))
    second = int(rng.integers(first + seg, length - seg + 1))
    tokens[first:first + seg] = segment
    tokens[second:second + seg] = segment
    # The positions whose next token the first copy tells: the second copy, but its last.
    targets = np.zeros(length, dtype=bool)
    targets[second:second + seg - 1] = True
    return tokens, targets, (first, second, seg)


def held_out():
    """The scenes' sequence: a letter, six distinct letters, the six again, a letter."""
    rng = np.random.default_rng(HELD_OUT_SEED)
    segment = rng.choice(VOCAB, size=6, replace=False)
    rest = [t for t in range(VOCAB) if t not in segment]
    a, b = rng.choice(rest, size=2, replace=False)
    return np.array([a, *segment, *segment, b])


class Model:
    """Parameters, the forward pass (keeping what backward needs) and the backward pass."""

    def __init__(self, rng):
        s = 1 / np.sqrt(WIDTH)
        self.p = {
            "embed": rng.normal(0, 1, (VOCAB, WIDTH)) * 0.5,
            "position": rng.normal(0, 1, (CONTEXT, WIDTH)) * 0.5,
            "unembed": rng.normal(0, s, (WIDTH, VOCAB)),
        }
        for layer in range(2):
            for m, shape in (("w_q", (WIDTH, HEAD)), ("w_k", (WIDTH, HEAD)), ("w_v", (WIDTH, HEAD)),
                             ("w_o", (HEAD, WIDTH))):
                self.p[f"layer{layer}.head0.{m}"] = rng.normal(0, s, shape)

    def head(self, layer, x):
        """One causal head on x (B, T, WIDTH): its output (B, T, WIDTH) and its cache."""
        p = self.p
        name = f"layer{layer}.head0."
        q, k, v = x @ p[name + "w_q"], x @ p[name + "w_k"], x @ p[name + "w_v"]
        n = x.shape[1]
        scores = q @ k.transpose(0, 2, 1) / np.sqrt(HEAD)
        scores = np.where(np.tril(np.ones((n, n), dtype=bool)), scores, -np.inf)
        scores -= scores.max(-1, keepdims=True)
        a = np.exp(scores)
        a /= a.sum(-1, keepdims=True)
        z = a @ v
        return z @ p[name + "w_o"], (x, q, k, v, a, z)

    def forward(self, tokens, layers=2):
        p = self.p
        n = tokens.shape[1]
        x0 = p["embed"][tokens] + p["position"][:n]
        o0, c0 = self.head(0, x0)
        x1 = x0 + o0
        if layers == 1:
            return x1 @ p["unembed"], (x0, x1, x1, c0, None)
        o1, c1 = self.head(1, x1)
        x2 = x1 + o1
        return x2 @ p["unembed"], (x0, x1, x2, c0, c1)

    def head_backward(self, layer, cache, d_out, grads):
        p = self.p
        name = f"layer{layer}.head0."
        x, q, k, v, a, z = cache
        grads[name + "w_o"] = np.einsum("btd,bte->de", z, d_out)
        dz = d_out @ p[name + "w_o"].T
        da = dz @ v.transpose(0, 2, 1)
        dv = a.transpose(0, 2, 1) @ dz
        ds = a * (da - (da * a).sum(-1, keepdims=True)) / np.sqrt(HEAD)  # softmax, then the scale
        dq = ds @ k
        dk = ds.transpose(0, 2, 1) @ q
        for m, d in (("w_q", dq), ("w_k", dk), ("w_v", dv)):
            grads[name + m] = np.einsum("btm,btd->md", x, d)
        return dq @ p[name + "w_q"].T + dk @ p[name + "w_k"].T + dv @ p[name + "w_v"].T

    def loss_and_grads(self, tokens, targets, answers, layers=2):
        """The mean cross-entropy of `answers` (B, T) at the `targets` positions, and its gradients
        (of the first `layers` layers' parameters, the embeddings and the unembedding)."""
        logits, (x0, x1, x2, c0, c1) = self.forward(tokens, layers)
        nxt = answers
        logits = logits - logits.max(-1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(-1, keepdims=True)
        count = targets.sum()
        picked = np.take_along_axis(probs, nxt[..., None], -1)[..., 0]
        loss = -np.log(picked[targets]).sum() / count
        dlogits = probs.copy()
        np.put_along_axis(dlogits, nxt[..., None], np.take_along_axis(dlogits, nxt[..., None], -1) - 1, -1)
        dlogits *= targets[..., None] / count
        grads = {"unembed": np.einsum("btd,btv->dv", x2, dlogits)}
        dx2 = dlogits @ self.p["unembed"].T
        dx1 = dx2 + self.head_backward(1, c1, dx2, grads) if layers == 2 else dx2
        dx0 = dx1 + self.head_backward(0, c0, dx1, grads)
        grads["embed"] = np.zeros_like(self.p["embed"])
        np.add.at(grads["embed"], tokens, dx0)
        grads["position"] = np.zeros_like(self.p["position"])
        grads["position"][: tokens.shape[1]] = dx0.sum(0)
        return loss, grads


def pattern(model, layer, tokens):
    """The weights of a layer's head on one sequence (T, T)."""
    x = model.p["embed"][tokens][None] + model.p["position"][: len(tokens)][None]
    if layer == 1:
        x = x + model.head(0, x)[0]
    return model.head(layer, x)[1][4][0]


def measure(model, rng, count=200):
    """On `count` fresh sequences: the least weight a row puts on the token before (layer 0),
    and the mean weight the second copy puts on the token after its letter's first place
    (layer 1)."""
    previous, induction = [], []
    for _ in range(count):
        tokens, _, (first, second, seg) = sequence(rng)
        a0 = pattern(model, 0, tokens)
        previous.append(min(a0[i, i - 1] for i in range(1, len(tokens))))
        a1 = pattern(model, 1, tokens)
        induction.append(np.mean([a1[second + j, first + j + 1] for j in range(seg - 1)]))
    return float(np.min(previous)), float(np.mean(previous)), float(np.mean(induction))


def write_safetensors(path, tensors, metadata):
    """The format: the header's length (8 bytes, little-endian), its JSON, the tensors' bytes."""
    header, blobs, offset = {"__metadata__": metadata}, [], 0
    for name, array in tensors.items():
        data = np.ascontiguousarray(array, dtype="<f4").tobytes()
        header[name] = {"dtype": "F32", "shape": list(array.shape), "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for b in blobs:
            f.write(b)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--out", default=os.path.join(root, "scenes", "models"), help="where the files go")
    parser.add_argument("--steps", type=int, default=2000, help="steps of stage 2 (stage 1 takes a quarter)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    model = Model(rng)

    def train(names, steps, batch_of, layers):
        """Adam on the parameters `names`, warmed up and decayed; `batch_of()` gives (tokens,
        positions of the loss, answers)."""
        m = {k: np.zeros_like(model.p[k]) for k in names}
        s = {k: np.zeros_like(model.p[k]) for k in names}
        lr, b1, b2 = 3e-3, 0.9, 0.99
        for step in range(1, steps + 1):
            tokens, targets, answers = batch_of()
            loss, grads = model.loss_and_grads(tokens, targets, answers, layers)
            rate = lr * min(1.0, step / 100) * (0.1 + 0.9 * (1 - step / steps))
            for k in names:
                m[k] = b1 * m[k] + (1 - b1) * grads[k]
                s[k] = b2 * s[k] + (1 - b2) * grads[k] ** 2
                model.p[k] -= rate * (m[k] / (1 - b1**step)) / (np.sqrt(s[k] / (1 - b2**step)) + 1e-8)
            if step % 250 == 0 or step == steps:
                print(f"  step {step:5d}  loss {loss:.3f}  (chance {np.log(VOCAB):.3f})", flush=True)

    batch = 64

    # Stage 1: layer 0 alone learns to name the token before: at position i the answer is t[i-1].
    def echo_batch():
        tokens = rng.integers(0, VOCAB, size=(batch, CONTEXT))
        targets = np.ones((batch, CONTEXT), dtype=bool)
        targets[:, 0] = False
        return tokens, targets, np.roll(tokens, 1, axis=1)

    print("layer 0: the token before")
    train(["embed", "position", "unembed"] + [k for k in model.p if k.startswith("layer0.")], args.steps // 4, echo_batch, 1)

    # Stage 2: on repeated sequences, layer 1 (and a new reading of the stream, the unembedding)
    # learns the next token; layer 0 and the token and position vectors stay as stage 1 left them.
    def repeat_batch():
        seqs = [sequence(rng) for _ in range(batch)]
        tokens = np.stack([t for t, _, _ in seqs])
        return tokens, np.stack([g for _, g, _ in seqs]), np.roll(tokens, -1, axis=1)

    print("layer 1: the next token of a repeated sequence")
    model.p["unembed"] = rng.normal(0, 1 / np.sqrt(WIDTH), (WIDTH, VOCAB))
    train(["unembed"] + [k for k in model.p if k.startswith("layer1.")], args.steps, repeat_batch, 2)

    fresh = np.random.default_rng(args.seed + 1000)
    least, mean, induction = measure(model, fresh)
    print(f"layer 0: the token before gets {mean:.3f} of a row on average, {least:.3f} at least (200 fresh sequences)")
    print(f"layer 1: the token after the letter's first place gets {induction:.3f} of a row on average")

    os.makedirs(args.out, exist_ok=True)
    tensors = {k: v.astype(np.float32) for k, v in sorted(model.p.items())}
    metadata = {"model": "two layers, one attention-only head each; x0 = embed[token] + position[i]",
                "tokens": " ".join(LETTERS), "trained_by": "tools/train/train_heads.py", "seed": str(args.seed),
                "steps": str(args.steps)}
    write_safetensors(os.path.join(args.out, "two-layer-heads.safetensors"), tensors, metadata)
    # The held-out sequence's inputs, computed from the float32 weights as attnlab reads them.
    model.p = {k: v.astype(np.float64) for k, v in tensors.items()}
    tokens = held_out()
    x0 = model.p["embed"][tokens] + model.p["position"][: len(tokens)]
    x1 = x0 + model.head(0, x0[None])[0][0]
    np.save(os.path.join(args.out, "held-out-x0.npy"), x0.astype(np.float32))
    np.save(os.path.join(args.out, "held-out-x1.npy"), x1.astype(np.float32))
    np.save(os.path.join(args.out, "held-out-embed.npy"), model.p["embed"][tokens].astype(np.float32))
    print("held-out sequence:", " ".join(LETTERS[t] for t in tokens))
    print("wrote", args.out)
    return 0 if mean > 0.8 and least > 0.6 and induction > 0.6 else 1


if __name__ == "__main__":
    sys.exit(main())
