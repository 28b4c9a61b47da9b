// The virtual cup on MicroPython's WebAssembly port (32-bit), started by bench/heapcup.py (HeapCup(wasm=True))
// for bench/firmware_heap.py; wasmcup.py beside this file is its Python side. Like firmware/boards/sim/main.py on the unix port: fd 0/1 are the cup's serial line
// (a pseudo-terminal), button commands arrive on a FIFO, and every few milliseconds the cup takes a step.
//
//   node wasmcup.mjs --heap 24K (--lib DIR | --romfs IMAGE) -- [simcup options...]
//
// This port grows its heap instead of collecting when an allocation fails inside a call from JavaScript (it
// can't see roots held in WebAssembly locals), so the loop asks for a collection before every step and treats
// any growth past --heap as the MemoryError a board's fixed heap would raise. A step's garbage is not
// collected until the next step, so the heap found this way is an upper bound on what a board needs.
import fs from "node:fs";
import path from "node:path";
import { webcrypto } from "node:crypto";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const MAX_NEW_SPLIT = 128 * 1024 * 1024; // what this port adds to gc.mem_free() for the heap it could grow
const STEP_MS = 2;

function parseArgs(argv) {
  const opts = { heap: 1024 * 1024, lib: null, romfs: null, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") { opts.rest = argv.slice(i + 1); break; }
    const value = argv[++i];
    if (arg === "--heap") opts.heap = parseInt(value) * (/k$/i.test(value) ? 1024 : 1);
    else if (arg === "--lib") opts.lib = value;
    else if (arg === "--romfs") opts.romfs = value;
    else throw new Error(`wasmcup: unknown option ${arg}`);
  }
  return opts;
}

function copyTree(FS, from, to) {
  FS.mkdir(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyTree(FS, source, `${to}/${entry.name}`);
    else FS.writeFile(`${to}/${entry.name}`, fs.readFileSync(source));
  }
}

function die(message, code = 1) {
  process.stderr.write(message + "\n");
  process.exit(code);
}

const opts = parseArgs(process.argv.slice(2));
globalThis.randomHex = (n) => Buffer.from(webcrypto.getRandomValues(new Uint8Array(n))).toString("hex");
// The board's settings (DICECUP_KEY, ...) as the unix port reads them: from the environment ("" when unset).
globalThis.getEnv = (name) => process.env[name] ?? "";
globalThis.serialWrite = (hex) => {
  try { fs.writeSync(1, Buffer.from(hex, "hex")); } catch { /* nobody reading: dropped, as on the unix port */ }
};

const mp = await loadMicroPython({
  heapsize: opts.heap,
  romfs: opts.romfs ? new Uint8Array(fs.readFileSync(opts.romfs)) : undefined, // mounted at /rom by the port
  stdout: (line) => process.stderr.write(line + "\n"), // the serial line is fd 1; Python's prints go aside
  stderr: (line) => process.stderr.write(line + "\n"),
});
if (opts.lib) copyTree(mp.FS, opts.lib, "/code");
// The LED lines and the kept deal (cupcore/keep.py's file) stay in the port's own files, in folders made there as
// the host made them: a cup that can't write its deal there would measure a board that keeps nothing.
for (const option of ["--leds", "--keep"]) {
  const at = opts.rest.indexOf(option);
  if (at >= 0) mp.FS.mkdirTree(path.dirname(opts.rest[at + 1]));
}
mp.runPython(`import sys\nsys.path.insert(0, "${opts.romfs ? "/rom/lib" : "/code"}")`);
const gc = mp.pyimport("gc");
const heapTotal = () => gc.mem_alloc() + gc.mem_free() - MAX_NEW_SPLIT;
const initial = heapTotal();
if (!(initial > 0 && initial <= opts.heap)) die(`wasmcup: can't read the heap's size (${initial})`);

let cup;
try {
  cup = mp.pyimport("wasmcup");
  cup.start(opts.rest);
} catch (error) {
  die(`${error.type || "Error"}: ${error.message}`);
}
const collect = gc.collect;

const rx = Buffer.alloc(64);
const fifo = opts.rest.includes("--buttons") ? fs.openSync(opts.rest[opts.rest.indexOf("--buttons") + 1],
  fs.constants.O_RDWR | fs.constants.O_NONBLOCK) : null;
let pending = "";

function readSome(fd) {
  try { return fs.readSync(fd, rx, 0, rx.length, null); } catch (error) {
    if (error.code === "EAGAIN") return -1;
    throw error;
  }
}

setInterval(() => {
  try {
    for (;;) {
      const n = readSome(0);
      if (n === 0) process.exit(0); // the host side of the pseudo-terminal is gone: unplugged
      if (n < 0) break;
      collect(); cup.feed(rx.toString("hex", 0, n));
    }
    for (let n; fifo !== null && (n = readSome(fifo)) > 0;) {
      pending += rx.toString("latin1", 0, n);
      const lines = pending.split("\n");
      pending = lines.pop();
      for (const line of lines) { collect(); if (!cup.command(line)) process.exit(0); }
    }
    collect(); cup.step();
  } catch (error) {
    if (error.code === "EIO") process.exit(0); // the pseudo-terminal closed
    die(`${error.type || "Error"}: ${error.message}`);
  }
  const total = heapTotal(); // wobbles by a block or so as the allocator's bookkeeping changes; a new area is KBs
  if (total > opts.heap) die(`MemoryError: the heap had to grow past ${opts.heap} bytes (to ${total})`);
}, STEP_MS);
