/**
 * The derive-ahead worker (address-pool.ts), as plain JavaScript run with `new Worker(…, { eval: true })`.
 *
 * Why a string and not a file: the core runs under tsx (whose loader a worker does not inherit), under
 * vitest, and bundled into out/main/index.js by electron-vite, where no worker file would sit beside it.
 * An eval worker runs the same in all three. It is CommonJS; its dependencies come by the absolute
 * paths the main thread resolved (`AddressWorkerData`), since an eval worker resolves nothing itself.
 *
 * It repeats EvmAddressDeriver.address (addresses.ts) from the keys the main thread sends with each
 * job, so it needs no BIP-32 parsing, and spells the account as the job asks: EIP-55 hex, or TRON's
 * base58check (so that the TRON family's deposits cost the main thread no hashing either). The tests
 * check it against @scure/bip32, viem and tron/address-format.ts.
 *
 * Each `AddressJob` is answered by one `AddressBatch`, whole: every message costs the main thread a
 * wake-up (tens of µs measured, against well under 1 µs to receive one more address in a message),
 * so few large ones are cheaper. An index that derives an invalid key (chance below 2^-127) comes
 * back as null; the main thread then derives it, and throws.
 */
export const ADDRESS_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { createHash, createHmac } = require('node:crypto');
const secp256k1 = require(workerData.secp256k1);

// Loaded once; the jobs wait for it (an ES module, so import() rather than require()). A failure is
// an unhandled rejection, which ends the worker with an 'error' the main thread falls back on.
const keccakReady = import(workerData.sha3).then((m) => m.keccak_256);
let queue = keccakReady;

parentPort.on('message', (job) => {
  queue = queue.then((keccak) => {
    // Asked to stop: after the jobs before it, close the port and let the thread end by itself.
    // Never Worker.terminate() for this: terminated inside secp256k1's native call, the addon's C++
    // exception aborts the whole process.
    if (job.stop === true) parentPort.close();
    else run(job, keccak);
    return keccak;
  });
});

function run(job, keccak) {
  const hmacInput = Buffer.alloc(37);
  hmacInput.set(job.parentKey, 0);
  const addresses = [];
  for (let index = job.start; index < job.end; index++) addresses.push(derive(job, hmacInput, index, keccak));
  parentPort.postMessage({ xpub: job.xpub, spelling: job.spelling, generation: job.generation, start: job.start, addresses });
}

// TRON's spelling, base58check of 0x41 + the 20 bytes: five base58 digits per limb (58^5 × 256 stays
// exact in a double). tron/address-format.ts spells it on the main thread; the tests compare the two.
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const LIMB = 656356768;
function base58(bytes) {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  const limbs = [];
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i];
    for (let k = 0; k < limbs.length; k++) {
      carry += limbs[k] * 256;
      const q = Math.floor(carry / LIMB);
      limbs[k] = carry - q * LIMB;
      carry = q;
    }
    while (carry > 0) {
      const q = Math.floor(carry / LIMB);
      limbs.push(carry - q * LIMB);
      carry = q;
    }
  }
  let out = '';
  for (let k = 0; k < limbs.length; k++) {
    let limb = limbs[k];
    const last = k === limbs.length - 1;
    for (let d = 0; d < 5 && (!last || limb > 0); d++) {
      const q = Math.floor(limb / 58);
      out = ALPHABET[limb - q * 58] + out;
      limb = q;
    }
  }
  return '1'.repeat(zeros) + out;
}
function tronBase58(account) {
  const payload = Buffer.alloc(21);
  payload[0] = 0x41;
  payload.set(account, 1);
  const check = createHash('sha256').update(createHash('sha256').update(payload).digest()).digest();
  return base58(Buffer.concat([payload, check.subarray(0, 4)]));
}

function derive(job, hmacInput, index, keccak) {
  hmacInput.writeUInt32BE(index, 33);
  const il = createHmac('sha512', job.chainCode).update(hmacInput).digest().subarray(0, 32);
  let child;
  try {
    child = secp256k1.publicKeyTweakAdd(job.parentKeyUncompressed, il, false);
  } catch {
    return null;
  }
  const account = keccak(child.subarray(1)).subarray(12);
  if (job.spelling === 'tron') return tronBase58(account);
  const lowerHex = Buffer.from(account).toString('hex');
  const hash = keccak(Buffer.from(lowerHex, 'ascii'));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = i % 2 === 0 ? hash[i >> 1] >> 4 : hash[i >> 1] & 0x0f;
    out += nibble >= 8 ? lowerHex[i].toUpperCase() : lowerHex[i];
  }
  return out;
}
`;

/** What the worker is started with: where its dependencies are (resolved by the main thread). */
export interface AddressWorkerData {
  /** Absolute path of the `secp256k1` package's entry (CommonJS). */
  secp256k1: string;
  /** file: URL of `@noble/hashes/sha3.js` (an ES module). */
  sha3: string;
}

/** Derive [start, end) for one xpub, from its external chain's keys (m/44'/60'/0'/0). */
export interface AddressJob {
  xpub: string;
  /** Echoed back: the main thread ignores answers to jobs it has since given up on. */
  generation: number;
  start: number;
  end: number;
  /** How the addresses come back: EIP-55 hex, or TRON's base58check (AccountSpelling). */
  spelling: 'eip55' | 'tron';
  chainCode: Uint8Array;
  parentKey: Uint8Array;
  parentKeyUncompressed: Uint8Array;
}

/** A job's answer: the addresses of start, start + 1, …; null where an index derives an invalid key. */
export interface AddressBatch {
  xpub: string;
  spelling: AddressJob['spelling'];
  generation: number;
  start: number;
  addresses: (string | null)[];
}
