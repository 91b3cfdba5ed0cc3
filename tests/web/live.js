// tests/web/live.js: runs a script of page events through the web build's live deck (the
// browser's backend of the presenter core, engine/web/live.cpp) under node, as a page would hand
// them in, and prints what the session says after them; tests/web_test.cpp runs the same script
// through the same backend built natively and compares. Knows the module's exported functions
// (engine/web/entry.cpp), nothing of what they draw.
//   node --no-experimental-fetch tests/web/live.js MODULE.js SCRIPT OUT_DIR
// SCRIPT, a line each (tests/web_test.cpp writes it):
//   open PATH STUDENT DARK START   the deck (PATH under the module's /attnlab), 0/1, 0/1, 0-based step
//   size W H PX_W PX_H             the canvas in CSS and device pixels
//   time SECONDS                   the page's clock
//   key KEY CODE MODS              KeyboardEvent.key ("Space" for " "), .code, 1 Shift | 2 Ctrl | 4 Alt
//   pointer WHAT X Y HELD MODS     0 down, 1 up, 2 move, 3 leave, in CSS pixels
//   frame                          draws if anything changed
//   status                         prints the session's JSON as a line "status JSON"
//   save NAME                      writes the last frame to OUT_DIR/NAME.pam (RGBA)
//   reopen                         as a reload: the deck opened again at the step it is on, the
//                                  quiz's memory restored, the canvas sized as before
// Exits non-zero, saying why, on the first line that fails.
'use strict';
const fs = require('fs');
const path = require('path');

async function main() {
    const [moduleJs, scriptFile, outDir] = process.argv.slice(2);
    if (!moduleJs || !scriptFile || !outDir) throw new Error('usage: live.js MODULE.js SCRIPT OUT_DIR');
    const createAttnlab = require(path.resolve(moduleJs));
    const m = await createAttnlab({ print: (s) => console.log(s), printErr: (s) => console.error(s) });
    const f = {
        open: m.cwrap('attnlab_live_open', 'number', ['string', 'string', 'number', 'number', 'number']),
        time: m.cwrap('attnlab_live_time', null, ['number']),
        resize: m.cwrap('attnlab_live_resize', null, ['number', 'number', 'number', 'number']),
        key: m.cwrap('attnlab_live_key', 'number', ['string', 'string', 'number']),
        pointer: m.cwrap('attnlab_live_pointer', null, ['number', 'number', 'number', 'number', 'number']),
        frame: m.cwrap('attnlab_live_frame', 'number', []),
        width: m.cwrap('attnlab_live_width', 'number', []),
        height: m.cwrap('attnlab_live_height', 'number', []),
        status: m.cwrap('attnlab_live_status', 'string', []),
        quiz: m.cwrap('attnlab_live_quiz', 'string', []),
        restoreQuiz: m.cwrap('attnlab_live_restore_quiz', 'number', ['string']),
        error: () => m.UTF8ToString(m.ccall('attnlab_error', 'number', [], [])),
    };
    let pixels = null;  // the canvas: the last frame, its changed rows copied in as a page would
    let drawn = 0;
    let opened = null, size = null, now = 0;
    for (const line of fs.readFileSync(scriptFile, 'utf8').split('\n')) {
        const w = line.trim().split(/\s+/);
        if (!w[0]) continue;
        switch (w[0]) {
            case 'open':
                opened = w;
                if (f.open('/attnlab/' + w[1], '', Number(w[2]), Number(w[3]), Number(w[4])) < 0) throw new Error(`${w[1]}: ${f.error()}`);
                break;
            case 'reopen': {
                const memory = f.quiz();
                const place = JSON.parse(f.status()).step - 1;
                if (f.open('/attnlab/' + opened[1], '', Number(opened[2]), Number(opened[3]), place) < 0) throw new Error(`${opened[1]}: ${f.error()}`);
                f.time(now);
                if (!f.restoreQuiz(memory)) throw new Error('the quiz memory was refused: ' + memory);
                if (size) f.resize(...size);
                break;
            }
            case 'size':
                size = w.slice(1, 5).map(Number);
                f.resize(...size);
                pixels = Buffer.alloc(size[2] * size[3] * 4);
                break;
            case 'time': now = Number(w[1]); f.time(now); break;
            case 'key': f.key(w[1] === 'Space' ? ' ' : w[1], w[2], Number(w[3])); break;
            case 'pointer': f.pointer(Number(w[1]), Number(w[2]), Number(w[3]), Number(w[4]), Number(w[5])); break;
            case 'frame': {
                const at = f.frame();
                if (!at) break;
                const top = m.ccall('attnlab_live_dirty_top', 'number', [], []);
                const bottom = m.ccall('attnlab_live_dirty_bottom', 'number', [], []);
                const rowBytes = f.width() * 4;
                // HEAPU8 is read after the call: the memory may have grown (and been replaced) during it.
                Buffer.from(m.HEAPU8.buffer, at + top * rowBytes, (bottom - top) * rowBytes).copy(pixels, top * rowBytes);
                ++drawn;
                break;
            }
            case 'status': console.log('status ' + f.status()); break;
            case 'save': {
                const header = `P7\nWIDTH ${f.width()}\nHEIGHT ${f.height()}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n`;
                fs.writeFileSync(path.join(outDir, w[1] + '.pam'), Buffer.concat([Buffer.from(header), pixels]));
                break;
            }
            default: throw new Error(`unknown line: ${line}`);
        }
    }
    console.log(`live.js: ${drawn} frames drawn`);
}

main().catch((e) => {
    console.error(`live.js: ${e.message}`);
    process.exit(1);
});
