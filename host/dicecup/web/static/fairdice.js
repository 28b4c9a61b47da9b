// Fair dice in the browser, the cup's own scheme (docs/protocol.md "Fair dice", firmware/cupcore/dice.py), for a
// phone seat: the page draws a secret 16-byte seed, sends only its commitment
//     digest = SHA-256("dicecup-seed-2" | nonce 8 | seat 1 | count 1 | seed 16)
// and its dice are HMAC-SHA256(seed, "dicecup-dice-2" | nonce 8 | seat 1 | entropy 16 | block u32 big-endian),
// block = 0, 1, ...; each byte b < 252 gives the die b % 6 + 1 (252..255 skipped), until `count` dice.
// At poker dice (docs/protocol.md "Poker", cupcore/pokercup.py) each die is its own: its seed comes from the round
// secret R, dieSeed = HMAC-SHA256(R, "dicecup-poker-die-1" | deal u16 big-endian | die)[:16], and the commitment
// and roll above are made with the die's number where the seat stands and a count of 1.
//
// Web Crypto (crypto.subtle) does the hashing where the browser offers it. Browsers offer it only in a secure
// context (https, or the hub's own machine): a phone opening http://192.168.x.y on the LAN has crypto.getRandomValues
// but no crypto.subtle, so the same SHA-256 is done here in plain JavaScript. Both are checked against the golden
// vectors (tests/vectors/fair.json) in Chromium by tests/web/test_fairdice_page.py.
"use strict";

(function () {
  const enc = new TextEncoder();
  const SEED_TAG = enc.encode("dicecup-seed-2");
  const DICE_TAG = enc.encode("dicecup-dice-2");
  const DIE_TAG = enc.encode("dicecup-poker-die-1");
  const LIMIT = 252;

  function concat(...parts) {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) { out.set(p, at); at += p.length; }
    return out;
  }

  function u32(n) { return new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]); }

  function check(nonce, seat, entropy) {
    if (nonce.length !== 8 || !(seat >= 0 && seat <= 255) || (entropy && entropy.length !== 16))
      throw new RangeError("dice need an 8-byte nonce, a seat 0..255 and 16 bytes of entropy");
  }

  // -- SHA-256 in plain JavaScript (FIPS 180-4), for pages without crypto.subtle --------------------------------
  const K = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]);

  function sha256Plain(data) {
    const bits = data.length * 8;
    const padded = new Uint8Array(((data.length + 9 + 63) >> 6) << 6);
    padded.set(data);
    padded[data.length] = 0x80;
    const view = new DataView(padded.buffer);
    view.setUint32(padded.length - 8, Math.floor(bits / 0x100000000));
    view.setUint32(padded.length - 4, bits >>> 0);
    const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                               0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
    const w = new Uint32Array(64);
    const rotr = (x, n) => (x >>> n) | (x << (32 - n));
    for (let off = 0; off < padded.length; off += 64) {
      for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + 4 * i);
      for (let i = 16; i < 64; i++) {
        const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
        const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
        w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
      }
      let [a, b, c, d, e, f, g, hh] = h;
      for (let i = 0; i < 64; i++) {
        const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
        const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
        hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
      }
      h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
    }
    const out = new Uint8Array(32);
    const outView = new DataView(out.buffer);
    for (let i = 0; i < 8; i++) outView.setUint32(4 * i, h[i]);
    return out;
  }

  function hmacPlain(key, message) {  // RFC 2104 over sha256Plain; keys here are 16 bytes (< one block)
    const block = new Uint8Array(64);
    block.set(key.length > 64 ? sha256Plain(key) : key);
    const inner = block.map((b) => b ^ 0x36), outer = block.map((b) => b ^ 0x5c);
    return sha256Plain(concat(outer, sha256Plain(concat(inner, message))));
  }

  // -- the two back ends -------------------------------------------------------------------------------------
  const plain = {
    name: "plain JavaScript",
    sha256: async (data) => sha256Plain(data),
    hmacBlocks: async (key) => (message) => hmacPlain(key, message),
  };
  const webCrypto = (typeof crypto !== "undefined" && crypto.subtle) ? {
    name: "Web Crypto",
    sha256: async (data) => new Uint8Array(await crypto.subtle.digest("SHA-256", data)),
    hmacBlocks: async (key) => {
      const k = await crypto.subtle.importKey("raw", key, {name: "HMAC", hash: "SHA-256"}, false, ["sign"]);
      return async (message) => new Uint8Array(await crypto.subtle.sign("HMAC", k, message));
    },
  } : null;

  function makeFairDice(backend) {
    return {
      backend: backend.name,
      newSeed() { return crypto.getRandomValues(new Uint8Array(16)); },
      async commitment(seed, nonce, seat, count) {
        check(nonce, seat);
        if (seed.length !== 16 || !(count >= 1 && count <= 255)) throw new RangeError("a 16-byte seed and 1..255 dice");
        return backend.sha256(concat(SEED_TAG, nonce, [seat], [count], seed));
      },
      async roll(seed, nonce, seat, entropy, count) {
        check(nonce, seat, entropy);
        const mac = await backend.hmacBlocks(seed);
        const dice = [];
        for (let block = 0; dice.length < count; block++) {
          for (const byte of await mac(concat(DICE_TAG, nonce, [seat], entropy, u32(block)))) {
            if (byte < LIMIT) dice.push(byte % 6 + 1);
            if (dice.length === count) break;
          }
        }
        return dice;
      },
      async hmac(key, ...parts) { return (await backend.hmacBlocks(key))(concat(...parts)); },  // phone.js's proof
      async dieSeed(secret, deal, die) {
        if (secret.length !== 16 || !(deal >= 0 && deal <= 0xffff) || !(die >= 0 && die <= 255))
          throw new RangeError("a die's seed needs a 16-byte round secret, a sub-deal 0..65535 and a die 0..255");
        const mac = await backend.hmacBlocks(secret);
        return (await mac(concat(DIE_TAG, [deal >> 8, deal & 255, die]))).slice(0, 16);
      },
    };
  }

  window.FairDice = Object.assign(makeFairDice(webCrypto || plain), {
    plain: makeFairDice(plain),
    webCrypto: webCrypto ? makeFairDice(webCrypto) : null,
    hex: (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""),
    fromHex: (text) => new Uint8Array((text.match(/../g) || []).map((h) => parseInt(h, 16))),
  });
})();
