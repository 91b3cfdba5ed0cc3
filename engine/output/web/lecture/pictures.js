// The pictures: a step's final state as an SVG, by URL or packed into the single file and
// inflated.
// Part of the recorded page's script, engine/output/web/lecture.js: tools/embed.cmake puts it in
// its place there, inside the page's function (ui, steps, data, store, $ … are lecture.js's),
// and leaves this opening comment out.
  // ---- the pictures: a URL (the folder form), or in the single file the SVG gzip-compressed in
  // base64 ("svgz"), inflated once into a blob: URL: by the browser's DecompressionStream, or where
  // there is none by inflate() below (RFC 1951, after puff.c: slow, small and only the fallback).
  function inflate(gz) {
    let pos = 10, bit = 0;
    const flags = gz[3];
    if (flags & 4) pos += 2 + (gz[10] | gz[11] << 8);
    if (flags & 8) while (gz[pos++]);
    if (flags & 16) while (gz[pos++]);
    if (flags & 2) pos += 2;
    const end = gz.length;
    const out = new Uint8Array((gz[end - 4] | gz[end - 3] << 8 | gz[end - 2] << 16 | gz[end - 1] << 24) >>> 0);
    let n = 0;
    function bits(k) {
      let v = 0;
      for (let i = 0; i < k; ++i) {
        if (pos >= end) throw new Error('inflate: truncated');
        v |= ((gz[pos] >> bit) & 1) << i;
        if (++bit === 8) { bit = 0; ++pos; }
      }
      return v;
    }
    function huffman(lengths) {
      const count = new Uint16Array(16), symbol = new Uint16Array(lengths.length), offs = new Uint16Array(16);
      for (const l of lengths) ++count[l];
      count[0] = 0;
      for (let l = 1; l < 16; ++l) offs[l] = offs[l - 1] + count[l - 1];
      lengths.forEach((l, sym) => { if (l) symbol[offs[l]++] = sym; });
      return { count, symbol };
    }
    function decode(h) {
      let code = 0, first = 0, index = 0;
      for (let len = 1; len < 16; ++len) {
        code |= bits(1);
        const c = h.count[len];
        if (code - c < first) return h.symbol[index + code - first];
        index += c; first = (first + c) << 1; code <<= 1;
      }
      throw new Error('inflate: bad code');
    }
    const LBASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
    const LEXT = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
    const DBASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
      4097, 6145, 8193, 12289, 16385, 24577];
    const DEXT = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
    const ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
    let last = 0;
    while (!last) {
      last = bits(1);
      const type = bits(2);
      if (type === 0) {
        if (bit) { bit = 0; ++pos; }
        const len = gz[pos] | gz[pos + 1] << 8;
        pos += 4;
        out.set(gz.subarray(pos, pos + len), n);
        pos += len; n += len;
        continue;
      }
      let lit, dist;
      if (type === 1) {
        const l = new Array(288).fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
        lit = huffman(l);
        dist = huffman(new Array(30).fill(5));
      } else if (type === 2) {
        const nlen = bits(5) + 257, ndist = bits(5) + 1, ncode = bits(4) + 4;
        const cl = new Array(19).fill(0);
        for (let i = 0; i < ncode; ++i) cl[ORDER[i]] = bits(3);
        const ch = huffman(cl), lengths = [];
        while (lengths.length < nlen + ndist) {
          const sym = decode(ch);
          if (sym < 16) { lengths.push(sym); continue; }
          const [value, times] = sym === 16 ? [lengths[lengths.length - 1], 3 + bits(2)]
            : sym === 17 ? [0, 3 + bits(3)] : [0, 11 + bits(7)];
          for (let i = 0; i < times; ++i) lengths.push(value);
        }
        lit = huffman(lengths.slice(0, nlen));
        dist = huffman(lengths.slice(nlen));
      } else {
        throw new Error('inflate: bad block');
      }
      for (;;) {
        let sym = decode(lit);
        if (sym < 256) { out[n++] = sym; continue; }
        if (sym === 256) break;
        sym -= 257;
        const len = LBASE[sym] + bits(LEXT[sym]);
        const d = decode(dist);
        const back = DBASE[d] + bits(DEXT[d]);
        for (let i = 0; i < len; ++i, ++n) out[n] = out[n - back];
      }
    }
    return out.subarray(0, n);
  }
  function unbase64(s) {
    const bin = atob(s), bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; ++i) bytes[i] = bin.charCodeAt(i);
    return bytes;
  }
  function inflated(gz) {
    if (typeof DecompressionStream === 'function') {
      const stream = new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'));
      return new Response(stream).arrayBuffer().then((b) => new Uint8Array(b));
    }
    return new Promise((resolve) => resolve(inflate(gz)));
  }
  const pictureUrls = new Map();  // an item → the promise of its URL
  function pictureUrl(item) {
    if (!item.svgz) return Promise.resolve(item.picture);
    if (!pictureUrls.has(item))
      pictureUrls.set(item, inflated(unbase64(item.svgz)).then((svg) =>
        URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))));
    return pictureUrls.get(item);
  }
  // Shows an item's picture in `img` (at once for a URL; once inflated for a packed SVG, unless
  // another picture was asked for meanwhile).
  function setPicture(img, item) {
    img.attnlabItem = item;
    if (!item.svgz) { img.src = item.picture; return; }
    pictureUrl(item).then((url) => { if (img.attnlabItem === item) img.src = url; })
      .catch((e) => { console.error('attnlab: a picture cannot be inflated', e); });
  }
