// The firmware's portable test modules (tests/firmware/portable) on MicroPython's 32-bit WebAssembly port,
// through the same runner the test suite uses on the unix port (tests/firmware/mp_runner.py): one line per
// test, PASS or FAIL, then DONE. bench/firmware_heap.py runs it before measuring on this port.
//
//   node portable.mjs REPO
import fs from "node:fs";
import path from "node:path";
import { webcrypto } from "node:crypto";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const repo = path.resolve(process.argv[2]);
const mp = await loadMicroPython({
  heapsize: 4 * 1024 * 1024,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
globalThis.randomHex = (n) => Buffer.from(webcrypto.getRandomValues(new Uint8Array(n))).toString("hex");

function copyTree(from, to) {
  mp.FS.mkdirTree(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyTree(source, `${to}/${entry.name}`);
    else mp.FS.writeFile(`${to}/${entry.name}`, fs.readFileSync(source));
  }
}

// The same paths inside the port's own files, so the tests find the vectors where they look for them.
for (const folder of ["firmware/cupcore", "tests/firmware/portable", "tests/vectors"]) {
  copyTree(path.join(repo, folder), `${repo}/${folder}`);
}
mp.FS.writeFile(`${repo}/firmware/wasmos.py`, fs.readFileSync(path.join(repo, "bench/wasm/wasmos.py")));
const modules = fs.readdirSync(path.join(repo, "tests/firmware/portable"))
  .filter((name) => name.startsWith("test_") && name.endsWith(".py")).map((name) => name.slice(0, -3)).sort();
// This port has no sys.argv to set, so the runner's arguments are handed over as ARGV.
mp.runPython(`import sys\nsys.path.append("${repo}/firmware")\nimport wasmos\n` +
  `ARGV = ["mp_runner", "${repo}/firmware", "${repo}/tests/firmware/portable"] + ${JSON.stringify(modules)}`);
try {
  mp.runPython(fs.readFileSync(path.join(repo, "tests/firmware/mp_runner.py"), "utf8").replaceAll("sys.argv", "ARGV"));
} catch (error) {
  process.stdout.write(`ERROR runner: ${error.type || "Error"}: ${error.message}\n`);
  process.exit(1);
}
