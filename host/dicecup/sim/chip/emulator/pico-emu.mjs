#!/usr/bin/env node
// Boot a real RP2040 firmware (MicroPython RPI_PICO, CircuitPython) in rp2040js and bridge its USB CDC to
// stdin/stdout. dicecup's emulated Pico (dicecup/sim/chip/pico.py) starts it; adapted from the rp2040 chip kit.
//
//   node pico-emu.mjs --firmware micropython-1.27.0-rpi_pico.bin [--fs fs.img] [--ctl ctl.sock] [--fast] [--log-gpio]
//
// stdin  -> USB CDC OUT (host -> device), raw bytes
// stdout <- USB CDC IN  (device -> host), raw bytes
// stderr:  "[emu] ..." status lines (boot timing, saves, errors)
//
// Additions over the stock rp2040js demo:
//  * flash writes: the bootrom's flash_range_erase / flash_range_program are replaced by BKPT hooks that act
//    on the emulated flash array (rp2040js's SSI is a register stub, issue wokwi/rp2040js#157), so MicroPython's
//    littlefs can format / write. --fs FILE loads the filesystem region (0xA0000.., 1408 KiB) at start and saves it
//    on exit (SIGTERM/SIGINT/stdin EOF/'quit'/'save').
//  * CDC OUT reads are held until host bytes exist (no 512-byte FIFO drops, no zero-length-packet polling).
//  * real-time pacing: simulated time never runs ahead of wall-clock time (idle WFE waits last as long as on a chip);
//    --fast lets idle time jump ahead (the stock behaviour).
//  * a control socket (--ctl PATH, line protocol): pin N 0|1|float ; get N ; watch N ; ws2812 N ; stats ; save ; quit
//    hand N 0:60 float:360 ...  a person's hand: steps (level:device ms) queued after the hand's previous ones, so
//                               gestures on different buttons keep their order and spacing in the chip's own time
//    pwm N                      subscribe to the PWM slice driving pin N: an event at each change (freq, duty)
//    now                        the chip's time;  cut  power lost now: the flash is saved as it is, no clean exit
//    Pins default to "float": the input follows the pad's pull-up/pull-down (like an unconnected pin on a chip).
import fs from 'fs';
import net from 'net';
import { performance } from 'perf_hooks';
import { randomBytes } from 'crypto';
import { Simulator, BasePeripheral, ConsoleLogger, LogLevel, createSetupPacket, getDescriptorPacket, setDeviceAddressPacket,
  setDeviceConfigurationPacket, DataDirection, DescriptorType, SetupRecipient, SetupType } from 'rp2040js';
import { bootromB1 } from './bootrom.mjs';

const argv = process.argv.slice(2);
const opt = { frameUs: 1000, firmware: null, fs: null, ctl: null, fast: false, logGpio: false, kick: false, flashImage: null,
  layout: 'micropython', fsStart: null, fsSize: null, dataSock: null };
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--firmware') opt.firmware = argv[++i];
  else if (a === '--fs') opt.fs = argv[++i];
  else if (a === '--ctl') opt.ctl = argv[++i];
  else if (a === '--fast') opt.fast = true;
  else if (a === '--log-gpio') opt.logGpio = true;
  else if (a === '--usb-frame-us') opt.frameUs = parseFloat(argv[++i]); // 0: hand on each packet at once
  else if (a === '--kick') opt.kick = true; // send CR LF once USB is up (prompt without a host)
  else if (a === '--pio-legacy') opt.pioLegacy = true; // PIO on rp2040js's own timer loop (stock)
  else if (a === '--layout') opt.layout = argv[++i]; // micropython (littlefs at 0xA0000) | circuitpython (FAT at 0x100000)
  else if (a === '--fs-start') opt.fsStart = parseInt(argv[++i]);
  else if (a === '--fs-size') opt.fsSize = parseInt(argv[++i]);
  else if (a === '--data-sock') opt.dataSock = argv[++i]; // second CDC (CircuitPython usb_cdc.data) on a UNIX socket
  else if (a === '--rosc-stuck') opt.roscStuck = true; // the ring oscillator reads as rp2040js's stub (all ones)
  else { console.error(`unknown arg ${a}`); process.exit(2); }
}
if (!opt.firmware) { console.error('need --firmware FILE (.bin or .uf2)'); process.exit(2); }

// MicroPython RPI_PICO: littlefs at MICROPY_HW_FLASH_STORAGE_BASE 0xA0000 (2 MiB - 1408 KiB).
// CircuitPython raspberry_pi_pico: firmware 0..1020 KiB, NVM 4 KiB at 0xFF000, CIRCUITPY (FAT) from 0x100000 to the
// end of the flash size it detects (RDID; rp2040js answers 0, so the 2 MiB default): 1 MiB.
const LAYOUTS = { micropython: [0xa0000, 1408 * 1024], circuitpython: [0x100000, 1024 * 1024] };
if (!LAYOUTS[opt.layout]) { console.error(`unknown --layout ${opt.layout}`); process.exit(2); }
const FS_START = opt.fsStart ?? LAYOUTS[opt.layout][0];
const FS_SIZE = opt.fsSize ?? LAYOUTS[opt.layout][1];
const FLASH_SIZE = 2 * 1024 * 1024;
const t0wall = performance.now();
const log = (...m) => process.stderr.write(`[emu ${((performance.now() - t0wall) / 1000).toFixed(3)}s] ${m.join(' ')}\n`);

const simulator = new Simulator();
const mcu = simulator.rp2040;
const { core, clock } = mcu;
mcu.logger = new ConsoleLogger(LogLevel.Error);

// --- ROSC: rp2040js leaves the ring oscillator unimplemented, so its RANDOMBIT read 0 and MicroPython's os.urandom
// (an LFSR fed by that bit) gave 0x2a for every byte. A chip's ROSC jitters: here each read is a fresh random bit,
// unless --rosc-stuck asks for the stuck oscillator (a test of a cup's check of its random source).
const ROSC_RANDOMBIT = 0x1c, ROSC_STATUS = 0x18;
class Rosc extends BasePeripheral {
  constructor(rp2040, name) { super(rp2040, name); this.regs = new Map(); this.pool = Buffer.alloc(0); this.bit = 8; }
  randomBit() {
    if (opt.roscStuck) return 0xffffffff; // as rp2040js's stub reads: os.urandom gives 0x2a, byte after byte
    if (this.bit >= 8) { if (!this.pool.length) this.pool = randomBytes(256); this.byte = this.pool[0]; this.pool = this.pool.subarray(1); this.bit = 0; }
    return (this.byte >> this.bit++) & 1;
  }
  readUint32(offset) {
    if (offset === ROSC_RANDOMBIT) return this.randomBit();
    if (offset === ROSC_STATUS) return 0x80001000; // STABLE, ENABLED
    return this.regs.get(offset) ?? 0;
  }
  writeUint32(offset, value) { this.regs.set(offset, value); }
}
mcu.peripherals[0x40060] = new Rosc(mcu, 'ROSC_BASE');

// --- bootrom with flash hooks -------------------------------------------------------------------------------
const rom = new Uint32Array(bootromB1);
const rom8 = new Uint8Array(rom.buffer);
const u16 = (a) => rom8[a] | (rom8[a + 1] << 8);
const romFuncs = {};
for (let t = u16(0x14); u16(t); t += 4) romFuncs[String.fromCharCode(u16(t) & 0xff, u16(t) >> 8)] = u16(t + 2);
const BK_ERASE = 0xe0, BK_PROGRAM = 0xe1;
function patchBkpt(thumbAddr, imm) {
  const a = thumbAddr & ~1;
  rom8[a] = imm; rom8[a + 1] = 0xbe; // BKPT #imm (little endian 0xBEnn)
}
patchBkpt(romFuncs.RE, BK_ERASE);
patchBkpt(romFuncs.RP, BK_PROGRAM);
mcu.loadBootrom(rom);
let flashDirty = false, flashErases = 0, flashPrograms = 0;
mcu.onBreak = (code) => {
  const r = core.registers;
  if (code === BK_ERASE) { // flash_range_erase(addr, count, block_size, block_cmd)
    const addr = r[0] & 0xffffff, count = r[1];
    const start = addr & ~0xfff, end = Math.min((addr + count + 0xfff) & ~0xfff, mcu.flash.length);
    mcu.flash.fill(0xff, start, end);
    flashErases++; flashDirty = true;
  } else if (code === BK_PROGRAM) { // flash_range_program(addr, data, count): NOR flash, bits only go 1->0
    const addr = r[0] & 0xffffff, data = r[1], count = r[2];
    for (let i = 0; i < count; i++) mcu.flash[addr + i] &= mcu.readUint8(data + i);
    flashPrograms++; flashDirty = true;
  } else {
    log(`BKPT #${code} at pc=0x${(core.PC - 2).toString(16)} (firmware breakpoint/hardfault?)`);
    return;
  }
  core.PC = core.LR & ~1; // return (bx lr)
};

// --- firmware and filesystem ----------------------------------------------------------------------------------
function loadFirmware(file) {
  const data = fs.readFileSync(file);
  if (file.endsWith('.uf2')) {
    for (let off = 0; off + 512 <= data.length; off += 512) {
      const v = new DataView(data.buffer, data.byteOffset + off, 512);
      if (v.getUint32(0, true) !== 0x0a324655 || v.getUint32(4, true) !== 0x9e5d5157) continue;
      const target = v.getUint32(12, true), size = v.getUint32(16, true);
      mcu.flash.set(data.subarray(off + 32, off + 32 + size), target - 0x10000000);
    }
  } else {
    mcu.flash.set(data, 0);
  }
  log(`firmware ${file} (${data.length} bytes) loaded`);
}
loadFirmware(opt.firmware);
if (opt.fs && fs.existsSync(opt.fs)) {
  const img = fs.readFileSync(opt.fs);
  mcu.flash.set(img.subarray(0, FS_SIZE), FS_START);
  log(`filesystem image ${opt.fs} (${img.length} bytes) loaded at flash+0x${FS_START.toString(16)}`);
}
function saveFs(reason) {
  if (!opt.fs) return;
  fs.writeFileSync(opt.fs + '.tmp', mcu.flash.subarray(FS_START, FS_START + FS_SIZE));
  fs.renameSync(opt.fs + '.tmp', opt.fs);
  flashDirty = false;
  log(`filesystem saved to ${opt.fs} (${reason}; ${flashErases} erases, ${flashPrograms} programs so far)`);
}

// --- USB host: enumerates the device and bridges every CDC ACM function -----------------------------------------
// rp2040js's USBCDC keeps only the last CDC data interface it finds in the configuration descriptor; CircuitPython
// with usb_cdc.data enabled has two (console, then data), so this host tracks them all: channel 0 (the first CDC,
// the REPL console) is stdin/stdout, channel 1 (usb_cdc.data) is the --data-sock UNIX socket.
const usb = mcu.usbCtrl;
function parseCdcs(d) {
  const out = []; let cur = null, lastComm = -1;
  for (let i = 0; i + 1 < d.length;) {
    const len = d[i], type = d[i + 1];
    if (len < 2 || i + len > d.length) break;
    if (type === DescriptorType.Interface && len >= 9) {
      const num = d[i + 2], nEp = d[i + 4], cls = d[i + 5];
      if (cls === 0x02) { lastComm = num; cur = null; }
      else if (cls === 0x0a && nEp === 2) { cur = { comm: lastComm, data: num, inEp: -1, outEp: -1 }; out.push(cur); }
      else cur = null;
    } else if (type === DescriptorType.Endpoint && len >= 7 && cur) {
      const addr = d[i + 2], attr = d[i + 3];
      if ((attr & 3) === 2) { if (addr & 0x80) cur.inEp = addr & 0xf; else cur.outEp = addr & 0xf; }
    }
    i += len;
  }
  return out;
}
function makeChannel(name) {
  return { name, inEp: -1, outEp: -1, comm: -1, queue: [], queued: 0, pending: null, bytesIn: 0, bytesOut: 0, sink: null };
}
const channels = [makeChannel('console'), makeChannel('data')];
let connected = false, firstOut = false;
let enumState = 'idle', descSize = null, descBuf = [], ctrlQueue = [];
function takeHost(ch, n) {
  const out = new Uint8Array(Math.min(n, ch.queued));
  let k = 0;
  while (k < out.length) {
    const b = ch.queue[0];
    const m = Math.min(b.length, out.length - k);
    out.set(b.subarray(0, m), k); k += m;
    if (m === b.length) ch.queue.shift(); else ch.queue[0] = b.subarray(m);
  }
  ch.queued -= out.length;
  return out;
}
function feedPending(ch) {
  if (ch.pending !== null && ch.queued) {
    const size = ch.pending; ch.pending = null;
    const buf = takeHost(ch, size);
    ch.bytesIn += buf.length;
    usb.endpointReadDone(ch.outEp, buf);
  }
}
function hostSend(ch, chunk) { ch.queue.push(chunk); ch.queued += chunk.length; if (connected) feedPending(ch); wake(); }
usb.onUSBEnabled = () => usb.resetDevice();
usb.onResetReceived = () => {
  enumState = 'address'; descSize = null; descBuf = []; connected = false;
  usb.sendSetupPacket(setDeviceAddressPacket(1));
};
function lineState(itf) {
  return createSetupPacket({ dataDirection: DataDirection.HostToDevice, type: SetupType.Class, recipient: SetupRecipient.Interface,
    bRequest: 0x22 /* SET_CONTROL_LINE_STATE */, wValue: 3 /* DTR | RTS */, wIndex: itf, wLength: 0 });
}
usb.onEndpointWrite = (ep, buf) => {
  if (ep === 0) {
    if (buf.length === 0) { // status stage of a host-to-device request
      if (enumState === 'address') { enumState = 'cfg9'; usb.sendSetupPacket(getDescriptorPacket(DescriptorType.Configration, 9)); }
      else if (enumState === 'setcfg' || enumState === 'lines') {
        if (ctrlQueue.length) { enumState = 'lines'; usb.sendSetupPacket(ctrlQueue.shift()); }
        else if (!connected) {
          enumState = 'ready'; connected = true;
          log(`USB CDC connected (sim ${(clock.nanos / 1e6).toFixed(1)} ms; ${channels.filter((c) => c.inEp >= 0).length} CDC: ` +
            channels.filter((c) => c.inEp >= 0).map((c) => `${c.name} itf ${c.comm} in ${c.inEp} out ${c.outEp}`).join(', ') + ')');
          if (opt.kick) hostSend(channels[0], Buffer.from('\r\n'));
          for (const c of channels) feedPending(c);
        }
      }
      return;
    }
    if (enumState === 'cfg9' && buf.length === 9 && buf[1] === DescriptorType.Configration) {
      descSize = buf[2] | (buf[3] << 8); descBuf = []; enumState = 'cfgall';
      usb.sendSetupPacket(getDescriptorPacket(DescriptorType.Configration, descSize));
    } else if (enumState === 'cfgall') {
      descBuf.push(...buf);
      if (descBuf.length >= descSize) {
        const cdcs = parseCdcs(descBuf);
        cdcs.slice(0, channels.length).forEach((c, i) => Object.assign(channels[i], { inEp: c.inEp, outEp: c.outEp, comm: c.comm }));
        ctrlQueue = cdcs.map((c) => lineState(c.comm));
        enumState = 'setcfg';
        usb.sendSetupPacket(setDeviceConfigurationPacket(1));
      }
    }
    return;
  }
  for (const ch of channels) if (ep === ch.inEp) { if (buf.length) ch.sink(ch, buf); return; }
};
usb.onEndpointRead = (ep, size) => {
  for (const ch of channels) {
    if (ep === ch.outEp) {
      if (!connected || ch.queued === 0) { ch.pending = size; return; } // hold the OUT transfer until bytes exist
      const buf = takeHost(ch, size);
      ch.bytesIn += buf.length;
      usb.endpointReadDone(ep, buf);
      return;
    }
  }
  // other OUT endpoints (MSC, HID, MIDI): no host traffic, the transfer stays armed
};
// Device -> host bytes are handed on once per USB frame (1 ms of device time), as a host controller polling a
// full-speed bulk IN endpoint collects them: what the chip prints within one frame reaches the host in one read.
let outChunks = [];
const frameAlarm = clock.createAlarm(() => {
  if (outChunks.length) { process.stdout.write(Buffer.concat(outChunks)); outChunks = []; }
});
channels[0].sink = (ch, value) => {
  if (!firstOut) { firstOut = true; log(`first CDC output (sim ${(clock.nanos / 1e6).toFixed(1)} ms)`); }
  ch.bytesOut += value.length;
  if (opt.frameUs <= 0) { process.stdout.write(Buffer.from(value)); return; }
  if (!outChunks.length) frameAlarm.schedule(opt.frameUs * 1000);
  outChunks.push(Buffer.from(value));
};
const dataClients = new Set();
channels[1].sink = (ch, value) => { ch.bytesOut += value.length; for (const c of dataClients) c.write(Buffer.from(value)); };
if (opt.dataSock) {
  if (fs.existsSync(opt.dataSock)) fs.unlinkSync(opt.dataSock);
  net.createServer((sock) => {
    dataClients.add(sock);
    sock.on('data', (d) => hostSend(channels[1], d));
    sock.on('close', () => dataClients.delete(sock));
    sock.on('error', () => dataClients.delete(sock));
  }).listen(opt.dataSock, () => log(`usb_cdc.data socket ${opt.dataSock}`));
}
process.stdin.on('data', (chunk) => hostSend(channels[0], chunk));
process.stdin.on('end', () => shutdown('stdin closed'));
const bytesIn = () => channels[0].bytesIn, bytesOut = () => channels[0].bytesOut;

// --- GPIO: floating pins follow pulls; host-driven pins; watchers --------------------------------------------
const NPINS = 30;
const hostDrive = new Array(NPINS).fill(null); // null = float (follow pull), true/false = driven by host
function applyFloating() {
  for (let i = 0; i < NPINS; i++) {
    const g = mcu.gpio[i];
    let want = hostDrive[i];
    if (want === null) {
      if (g.pullupEnabled && !g.pulldownEnabled) want = true;
      else if (g.pulldownEnabled && !g.pullupEnabled) want = false;
      else continue;
    }
    if (g.rawInputValue !== want) g.setInputValue(want);
  }
}
function applyFloatingPin(i) {
  const g = mcu.gpio[i];
  let want = hostDrive[i];
  if (want === null) {
    if (g.pullupEnabled && !g.pulldownEnabled) want = true;
    else if (g.pulldownEnabled && !g.pullupEnabled) want = false;
    else return;
  }
  if (g.rawInputValue !== want) g.setInputValue(want);
}
// pull-ups/downs take effect at once (the pad write notifies the pin's listeners)
for (let i = 0; i < NPINS; i++) mcu.gpio[i].addListener(() => applyFloatingPin(i));
const clients = new Set();
function broadcast(line) { for (const c of clients) if (c.subs) c.write(line + '\n'); if (opt.logGpio) log(line); }
const watched = new Set();
function watchPin(n) {
  if (watched.has(n)) return;
  watched.add(n);
  mcu.gpio[n].addListener((state) => {
    broadcast(`evt pin ${n} ${['0', '1', 'in', 'in-pullup', 'in-pulldown', 'in-buskeeper'][state]} t_us=${(clock.nanos / 1e3).toFixed(1)}`);
  });
}
// WS2812 decoder: a high pulse >= 0.55 us is a 1 bit; a low gap >= 40 us ends a frame.
const ws = new Map();
function ws2812(n) {
  if (ws.has(n)) return;
  const st = { rise: 0, lastEdge: 0, bits: [], frames: 0 };
  ws.set(n, st);
  mcu.gpio[n].addListener((state, old) => {
    const t = clock.nanos;
    if (state === 1 && old !== 1) { // rising
      if (st.bits.length && t - st.lastEdge > 40000) flushWs(n, st);
      st.rise = t;
    } else if (old === 1 && state !== 1) { // falling
      st.bits.push(t - st.rise >= 550 ? 1 : 0);
    }
    st.lastEdge = t;
  });
}
function flushWs(n, st) {
  const bytes = [];
  for (let i = 0; i + 8 <= st.bits.length; i += 8) {
    let v = 0; for (let j = 0; j < 8; j++) v = (v << 1) | st.bits[i + j];
    bytes.push(v.toString(16).padStart(2, '0'));
  }
  st.frames++;
  broadcast(`evt ws2812 ${n} frame=${st.frames} bits=${st.bits.length} grb=${bytes.join('')} t_us=${(st.lastEdge / 1e3).toFixed(1)}`);
  st.bits = [];
}
function checkWsIdle() {
  for (const [n, st] of ws) if (st.bits.length && clock.nanos - st.lastEdge > 40000) flushWs(n, st);
}
// The hand: one queue of pin steps for all buttons, played on a device-time alarm.
const handQueue = [];
let handFreeAt = 0, handBusy = false;
const handAlarm = clock.createAlarm(() => handNext());
function handNext() {
  if (!handQueue.length) { handBusy = false; return; }
  handBusy = true;
  const [pin, v, ms] = handQueue.shift();
  hostDrive[pin] = v === 'float' ? null : v === '1';
  applyFloatingPin(pin);
  if (ms > 0) handAlarm.schedule(ms * 1e6); else handNext();
}
// PWM: the slice behind a pin (GPIO n is slice (n >> 1) & 7, channel A for even n). An event whenever the firmware
// changes what that channel plays; freq from the system clock (125 MHz), the divider and TOP; duty from CC.
const pwmWatched = new Map();
function pwmState(n) {
  const ch = mcu.pwm.channels[(n >> 1) & 7];
  const div = ((ch.div >> 4) & 0xff || 256) + (ch.div & 0xf) / 16;
  const phase = ch.csr & 2 ? 2 : 1;
  const level = n & 1 ? ch.cc >>> 16 : ch.cc & 0xffff;
  const on = (ch.csr & 1) !== 0;
  const freq = 125e6 / (div * (ch.top + 1) * phase);
  return `pwm ${n} on=${on ? 1 : 0} freq_hz=${freq.toFixed(1)} duty=${(level / (ch.top + 1)).toFixed(4)}`;
}
function pwmWatch(n) {
  if (pwmWatched.has(n)) return;
  pwmWatched.set(n, '');
  const pwm = mcu.pwm, write = pwm.writeUint32.bind(pwm);
  if (!pwm.dicecupHooked) {
    pwm.dicecupHooked = true;
    pwm.writeUint32 = (offset, value) => {
      write(offset, value);
      for (const [pin, last] of pwmWatched) {
        const now = pwmState(pin);
        if (now !== last) { pwmWatched.set(pin, now); broadcast(`evt ${now} t_us=${(clock.nanos / 1e3).toFixed(1)}`); }
      }
    };
  }
}
function pinInfo(n) {
  const g = mcu.gpio[n];
  return `pin ${n} func=${g.functionSelect} oe=${g.outputEnable ? 1 : 0} out=${g.outputValue ? 1 : 0} in=${g.inputValue ? 1 : 0} ` +
    `pullup=${g.pullupEnabled ? 1 : 0} pulldown=${g.pulldownEnabled ? 1 : 0} host=${hostDrive[n] === null ? 'float' : hostDrive[n] ? 1 : 0}`;
}
let instr = 0;
function stats() {
  const wall = performance.now() - t0wall;
  return `stats wall_ms=${wall.toFixed(0)} sim_ms=${(clock.nanos / 1e6).toFixed(1)} instr=${instr} mips=${(instr / wall / 1e3).toFixed(2)} ` +
    `usb_in=${bytesIn()} usb_out=${bytesOut()} data_in=${channels[1].bytesIn} data_out=${channels[1].bytesOut} flash_erases=${flashErases} flash_programs=${flashPrograms} mode=${opt.fast ? 'fast' : 'realtime'}`;
}
function command(line, sock) {
  const [cmd, a, b] = line.trim().split(/\s+/);
  const n = parseInt(a, 10);
  switch (cmd) {
    case 'pin':
      hostDrive[n] = b === 'float' ? null : b === '1';
      applyFloating(); wake();
      return pinInfo(n);
    case 'seq': { // seq PIN state:ms state:ms ... [state]  (state 0|1|float; times in device ms, exact)
      const steps = line.trim().split(/\s+/).slice(2).map((x) => { const [v, ms] = x.split(':'); return [v, ms ? parseFloat(ms) : 0]; });
      const setv = (v) => { hostDrive[n] = v === 'float' ? null : v === '1'; applyFloatingPin(n); };
      let k = 0;
      const alarm = clock.createAlarm(() => next());
      const next = () => {
        if (k >= steps.length) return;
        const [v, ms] = steps[k++];
        setv(v);
        if (ms > 0) alarm.schedule(ms * 1e6); else next();
      };
      next(); wake();
      return `ok seq ${n} ${steps.length} steps`;
    }
    case 'hand': { // hand PIN state:ms ...: queued after the hand's previous steps, in device time
      const steps = line.trim().split(/\s+/).slice(2).map((x) => { const [v, ms] = x.split(':'); return [n, v, ms ? parseFloat(ms) : 0]; });
      const start = Math.max(handFreeAt, clock.nanos);
      handQueue.push(...steps);
      handFreeAt = start + steps.reduce((t, s) => t + s[2] * 1e6, 0);
      if (!handBusy) handNext();
      wake();
      return `ok hand ${n} start_us=${(start / 1e3).toFixed(0)} end_us=${(handFreeAt / 1e3).toFixed(0)}`;
    }
    case 'pwm': pwmWatch(n); if (sock) sock.subs = true; return `ok pwm ${n}`;
    case 'now': return `now t_us=${(clock.nanos / 1e3).toFixed(0)}`;
    case 'cut': setImmediate(() => powerCut()); return 'ok cut';
    case 'get': return pinInfo(n);
    case 'watch': watchPin(n); if (sock) sock.subs = true; return `ok watching ${n}`;
    case 'ws2812': ws2812(n); if (sock) sock.subs = true; return `ok ws2812 on ${n}`;
    case 'stats': return stats();
    case 'cpu': { // where the core is: for arm-none-eabi-addr2line -e firmware.elf
      const hex = (v) => '0x' + (v >>> 0).toString(16);
      return `cpu pc=${hex(core.PC)} lr=${hex(core.LR)} sp=${hex(core.SP)} waiting=${core.waiting} primask=${core.PM ? 1 : 0} ` +
        `ipsr=${core.IPSR} pending=${hex(core.pendingInterrupts)} enabled=${hex(core.enabledInterrupts)} ` +
        `next_alarm_ms=${(clock.nanosToNextAlarm / 1e6).toFixed(3)} pending_read=${channels[0].pending !== null ? 1 : 0} host_queued=${channels[0].queued}`;
    }
    case 'save': saveFs('save command'); return 'ok saved';
    case 'quit': setImmediate(() => shutdown('quit command')); return 'ok quitting';
    case '': return '';
    default: return `error unknown command ${cmd}`;
  }
}
if (opt.ctl) {
  if (fs.existsSync(opt.ctl)) fs.unlinkSync(opt.ctl);
  net.createServer((sock) => {
    clients.add(sock);
    let buf = '';
    sock.on('data', (d) => {
      buf += d;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i); buf = buf.slice(i + 1);
        const r = command(line, sock);
        if (r) sock.write(r + '\n');
      }
    });
    sock.on('close', () => clients.delete(sock));
    sock.on('error', () => clients.delete(sock));
  }).listen(opt.ctl, () => log(`control socket ${opt.ctl}`));
}

// --- execution loop with real-time pacing ---------------------------------------------------------------------
const CYCLE_NS = 8; // 125 MHz
const MAX_LAG_NS = 50e6; // when the emulator is slower than the chip, don't let it "catch up" by more than 50 ms
let wallBase = performance.now(), simBase = 0;
let timer = null, stopped = false;
// PIO in device time: rp2040js runs the PIO state machines from its own setTimeout loop (1000 steps a turn, apart
// from the simulated clock), so a PIO-driven WS2812 bitstream (CircuitPython's neopixel_write) came out with every
// edge at one instant and a FIFO refill waited a whole 20 ms slice. Here each enabled state machine steps once per
// (its clock divider) CPU cycles, inside the execution loop, so PIO edges carry device time. --pio-legacy restores
// the stock behaviour.
let pioOn = false;
const pios = mcu.pio || [];
if (!opt.pioLegacy) for (const p of pios) p.run = () => { pioOn = true; };
function stepPio(cycles) {
  let any = false;
  for (const p of pios) {
    if (p.stopped) continue;
    any = true;
    for (const m of p.machines) {
      if (!m.enabled) continue;
      const div = (m.clockDivInt || 65536) + m.clockDivFrac / 256;
      m.acc = (m.acc || 0) + cycles;
      // an instruction takes 1 + its delay cycles (rp2040js counts the delay in m.cycles but runs on at once)
      while (m.acc >= div) { const c0 = m.cycles; m.step(); m.acc -= div * Math.max(1, m.cycles - c0); }
    }
    p.checkChangedPins();
  }
  if (!any) pioOn = false;
}
function wake() { if (timer) { clearTimeout(timer); timer = null; setImmediate(run); } }
function run() {
  timer = null;
  if (stopped) return;
  const sliceEnd = performance.now() + 20;
  let sleepMs = 0;
  outer: for (;;) {
    let allowed = Infinity;
    if (!opt.fast) {
      allowed = simBase + (performance.now() - wallBase) * 1e6;
      if (allowed - clock.nanos > MAX_LAG_NS) { simBase -= allowed - clock.nanos - MAX_LAG_NS; allowed = clock.nanos + MAX_LAG_NS; }
    }
    for (let i = 0; i < 20000; i++) {
      if (core.waiting && pioOn) { // sleeping CPU, running PIO: advance in 1 us steps
        const n = Math.min(clock.nanosToNextAlarm > 0 ? clock.nanosToNextAlarm : 1000, 1000);
        if (clock.nanos + n > allowed) { sleepMs = 1; break outer; }
        clock.tick(n); stepPio(n / CYCLE_NS);
        continue;
      }
      if (core.waiting) {
        const n = clock.nanosToNextAlarm;
        if (clock.nanos + n > allowed || n <= 0) {
          // idle until the next alarm (or an input): advance sim time to "now" and sleep
          if (allowed !== Infinity && allowed > clock.nanos) clock.tick(allowed - clock.nanos);
          sleepMs = n > 0 ? Math.max(1, Math.min(10, (clock.nanos + n - allowed) / 1e6)) : 5;
          break outer;
        }
        clock.tick(n);
      } else {
        const c = core.executeInstruction();
        clock.tick(c * CYCLE_NS);
        if (pioOn) stepPio(c);
        instr++;
      }
    }
    if (performance.now() > sliceEnd) break;
  }
  applyFloating();
  checkWsIdle();
  if (sleepMs) timer = setTimeout(run, sleepMs);
  else setImmediate(run);
}

// Power lost: the flash holds what was written up to this instant, nothing is finished or flushed.
function powerCut() {
  if (stopped) return;
  stopped = true;
  log(`power cut; ${stats()}`);
  if (opt.fs) saveFs('power cut');
  process.exit(4);
}
function shutdown(reason) {
  if (stopped) return;
  stopped = true;
  log(`stopping (${reason}); ${stats()}`);
  if (opt.fs) saveFs('exit');
  process.exit(0);
}
// machine.reset() / a watchdog timeout: a hard reset of the chip. This process saves the filesystem and exits
// with status 3; pico_pty.py then starts a fresh one on the same pty (as a Pico re-enumerating on USB).
const watchdog = mcu.peripherals[0x40058];
if (watchdog) watchdog.onWatchdogTrigger = () => {
  if (stopped) return;
  stopped = true;
  log(`watchdog reset (machine.reset() or a watchdog timeout); ${stats()}`);
  if (opt.fs) saveFs('reset');
  process.exit(3);
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGHUP', () => shutdown('SIGHUP'));

// The QSPI chip-select line reads high (its pull-up; BOOTSEL not pressed). CircuitPython senses BOOTSEL at boot by
// floating CSn and reading SIO GPIO_HI_IN bit 1 (port_boot_button_pressed); rp2040js's QSPI pins read 0, which
// looks like a held button, and the firmware waits forever for its release. Its pad also needs input enable (IE):
// rp2040js's pad reset value lacks it, where the chip's GPIO_QSPI_SS pad resets to 0x5a (IE, pull-up).
if (mcu.qspi && mcu.qspi[1]) { mcu.qspi[1].padValue = 0x5a; mcu.qspi[1].setInputValue(true); }
core.PC = 0x10000000; // as the stock demo: start at the flash image (boot2 at its head), skipping the bootrom's boot path
log(`starting (${opt.fast ? 'fast' : 'real-time'} mode); bootrom flash hooks RE=0x${romFuncs.RE.toString(16)} RP=0x${romFuncs.RP.toString(16)}`);
setImmediate(run);
