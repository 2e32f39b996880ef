// Fixed-size bitsets over document numbers (0..size-1), one bit per document in
// Uint32Array words. Filtering is word-wise AND/OR/NOT; counting is popcount.

export type Bitset = Uint32Array;

export function wordsFor(size: number): number {
  return (size + 31) >>> 5;
}

export function emptyBitset(size: number): Bitset {
  return new Uint32Array(wordsFor(size));
}

/** Every document of 0..size-1 set; the bits past `size` in the last word stay clear. */
export function fullBitset(size: number): Bitset {
  const bits = new Uint32Array(wordsFor(size)).fill(0xffffffff);
  clearTail(bits, size);
  return bits;
}

function clearTail(bits: Bitset, size: number): void {
  const rest = size & 31;
  if (rest !== 0 && bits.length > 0) bits[bits.length - 1]! &= (1 << rest) - 1;
}

export function setBit(bits: Bitset, i: number): void {
  bits[i >>> 5]! |= 1 << (i & 31);
}

export function hasBit(bits: Bitset, i: number): boolean {
  return (bits[i >>> 5]! & (1 << (i & 31))) !== 0;
}

export function popcount32(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

export function count(bits: Bitset): number {
  let n = 0;
  for (let w = 0; w < bits.length; w++) n += popcount32(bits[w]!);
  return n;
}

/** |a ∧ b| without allocating. */
export function countAnd(a: Bitset, b: Bitset): number {
  let n = 0;
  for (let w = 0; w < a.length; w++) {
    const v = a[w]! & b[w]!;
    if (v !== 0) n += popcount32(v);
  }
  return n;
}

/** a ∧= b, in place; returns a. */
export function andInto(a: Bitset, b: Bitset): Bitset {
  for (let w = 0; w < a.length; w++) a[w]! &= b[w]!;
  return a;
}

/** a ∨= b, in place; returns a. */
export function orInto(a: Bitset, b: Bitset): Bitset {
  for (let w = 0; w < a.length; w++) a[w]! |= b[w]!;
  return a;
}

/** ¬a within 0..size-1, in place; returns a. */
export function notInto(a: Bitset, size: number): Bitset {
  for (let w = 0; w < a.length; w++) a[w] = ~a[w]!;
  clearTail(a, size);
  return a;
}

/** The set documents in ascending order. */
export function toIds(bits: Bitset, total?: number): Int32Array {
  const ids = new Int32Array(total ?? count(bits));
  let k = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const low = word & -word;
      ids[k++] = (w << 5) + 31 - Math.clz32(low);
      word ^= low;
    }
  }
  return ids;
}

