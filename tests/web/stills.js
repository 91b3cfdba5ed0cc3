// tests/web/stills.js: paints steps of shipped scenes with the web build's module under node
// and writes each as a PAM file (RGBA, straight alpha) for tests/web_test.cpp to compare with
// the native `attnlab export --still`. Knows the module's exported functions (engine/web/entry.cpp),
// nothing of what they draw.
//   node --no-experimental-fetch tests/web/stills.js MODULE.js JOBS
// JOBS: a file of lines "PATH STEP WIDTH HEIGHT light|dark OUT.pam" (PATH inside the module's
// embedded file system, e.g. /attnlab/scenes/tiny.yaml). Exits non-zero, saying why, on the
// first job that fails.
'use strict';
const fs = require('fs');
const path = require('path');

async function main() {
    const [moduleJs, jobsFile] = process.argv.slice(2);
    if (!moduleJs || !jobsFile) throw new Error('usage: stills.js MODULE.js JOBS');
    const createAttnlab = require(path.resolve(moduleJs));
    const m = await createAttnlab({ print: (s) => console.log(s), printErr: (s) => console.error(s) });
    const open = m.cwrap('attnlab_open', 'number', ['string']);
    const paint = m.cwrap('attnlab_paint', 'number', ['number', 'number', 'number', 'number']);
    const error = () => m.UTF8ToString(m.ccall('attnlab_error', 'number', [], []));
    let opened = '';
    const t0 = process.hrtime.bigint();
    let painted = 0;
    for (const line of fs.readFileSync(jobsFile, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        const [file, step, w, h, theme, out] = line.trim().split(/\s+/);
        if (file !== opened) {
            if (open(file) < 0) throw new Error(`${file}: ${error()}`);
            opened = file;
        }
        const width = Number(w), height = Number(h);
        const at = paint(Number(step), width, height, theme === 'dark' ? 1 : 0);
        if (!at) throw new Error(`${file} step ${step}: ${error()}`);
        const header = `P7\nWIDTH ${width}\nHEIGHT ${height}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n`;
        // HEAPU8 is read after the call: the memory may have grown (and been replaced) during it.
        fs.writeFileSync(out, Buffer.concat([Buffer.from(header), Buffer.from(m.HEAPU8.subarray(at, at + width * height * 4))]));
        ++painted;
    }
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    console.log(`stills.js: ${painted} frames in ${ms.toFixed(0)} ms`);
}

main().catch((e) => {
    console.error(`stills.js: ${e.message}`);
    process.exit(1);
});
