import { createCipheriv, randomBytes } from 'node:crypto';

/**
 * Common Encryption ('cenc', AES-CTR) of clear fMP4 HLS output (decision 0081). ffmpeg 5.1's mp4
 * muxer encrypts fragmented output but keeps the per-sample IVs in the moov instead of each
 * fragment, which browsers' MSE refuse; so ffmpeg writes clear fMP4 and this encrypts it: the init
 * segment's sample entries become encv/enca with a `sinf` naming the key id, and every fragment's
 * samples are encrypted with a `senc`/`saiz`/`saio` per track run, as ISO/IEC 23001-7 lays out.
 */

type Box = { type: string; start: number; size: number };

/** The boxes between `start` and `end` (32-bit sizes; ffmpeg writes no large boxes in segments this short). */
function boxesIn(buf: Buffer, start: number, end: number): Box[] {
  const out: Box[] = [];
  for (let at = start; at + 8 <= end;) {
    const size = buf.readUInt32BE(at);
    if (size < 8 || at + size > end) throw new Error(`Bad MP4 box at ${at}`);
    out.push({ type: buf.toString('latin1', at + 4, at + 8), start: at, size });
    at += size;
  }
  return out;
}

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const fullBox = (type: string, version: number, flags: number, ...parts: Buffer[]) => {
  const vf = Buffer.alloc(4);
  vf.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff));
  return box(type, vf, ...parts);
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);
const PROTECTED: Record<string, string> = { avc1: 'encv', mp4a: 'enca' };

/** The `sinf` of a protected sample entry: original format, scheme 'cenc' 1.0, and the key id. */
function sinf(original: string, kid: Buffer): Buffer {
  const tenc = fullBox('tenc', 0, 0, Buffer.from([0, 0, 1, 8]), kid);
  return box(
    'sinf',
    box('frma', Buffer.from(original, 'latin1')),
    fullBox('schm', 0, 0, Buffer.from('cenc', 'latin1'), u32(0x10000)),
    box('schi', tenc),
  );
}

/** The init segment with every avc1/mp4a sample entry turned protected under `kid`. */
export function protectInit(init: Buffer, kid: Buffer): Buffer {
  const rebuild = (start: number, end: number): Buffer[] =>
    boxesIn(init, start, end).map((b) => {
      const body = init.subarray(b.start + 8, b.start + b.size);
      if (CONTAINERS.has(b.type)) return box(b.type, ...rebuild(b.start + 8, b.start + b.size));
      if (b.type !== 'stsd') return init.subarray(b.start, b.start + b.size);
      // stsd: version/flags and entry count, then the sample entries.
      const entries = boxesIn(init, b.start + 16, b.start + b.size).map((e) => {
        const entry = init.subarray(e.start + 8, e.start + e.size);
        const to = PROTECTED[e.type];
        return to ? box(to, entry, sinf(e.type, kid)) : init.subarray(e.start, e.start + e.size);
      });
      return box('stsd', body.subarray(0, 8), ...entries);
    });
  return Buffer.concat(rebuild(0, init.length));
}

/** Track ids whose samples are H.264 video (subsample encryption keeps NAL headers clear). */
export function videoTrackIds(init: Buffer): Set<number> {
  const ids = new Set<number>();
  const walk = (start: number, end: number, trackId: number | null) => {
    for (const b of boxesIn(init, start, end)) {
      if (b.type === 'tkhd') {
        const version = init[b.start + 8]!;
        trackId = init.readUInt32BE(b.start + (version === 1 ? 28 : 20));
      }
      if (b.type === 'avc1' && trackId !== null) ids.add(trackId);
      if (CONTAINERS.has(b.type)) walk(b.start + 8, b.start + b.size, trackId);
      if (b.type === 'trak') trackId = null;
      if (b.type === 'stsd') walk(b.start + 16, b.start + b.size, trackId);
    }
  };
  walk(0, init.length, null);
  return ids;
}

type Subsample = { clear: number; protectedBytes: number };

/** AVC samples (4-byte NAL lengths): slice NALs keep their length and header clear; others stay clear. */
function avcSubsamples(sample: Buffer): Subsample[] {
  const out: Subsample[] = [];
  let clear = 0;
  for (let at = 0; at + 4 <= sample.length;) {
    const len = sample.readUInt32BE(at);
    const nalType = sample[at + 4]! & 0x1f;
    if (nalType >= 1 && nalType <= 5 && len > 1) {
      out.push({ clear: clear + 5, protectedBytes: len - 1 });
      clear = 0;
    } else clear += 4 + len;
    at += 4 + len;
  }
  if (clear > 0) out.push({ clear, protectedBytes: 0 });
  // A clear run longer than 16 bits is split; the protected part stays with the last piece.
  return out.flatMap((s) => {
    const pieces: Subsample[] = [];
    let c = s.clear;
    while (c > 0xffff) {
      pieces.push({ clear: 0xffff, protectedBytes: 0 });
      c -= 0xffff;
    }
    pieces.push({ clear: c, protectedBytes: s.protectedBytes });
    return pieces;
  });
}

/** Encrypts one sample in place (AES-128-CTR, counter block = IV ‖ 0), protected ranges only. */
function encryptSample(sample: Buffer, key: Buffer, iv: Buffer, subsamples: Subsample[] | null) {
  const cipher = createCipheriv('aes-128-ctr', key, Buffer.concat([iv, Buffer.alloc(8)]));
  if (!subsamples) {
    cipher.update(sample).copy(sample);
    return;
  }
  let at = 0;
  for (const s of subsamples) {
    at += s.clear;
    if (s.protectedBytes > 0) cipher.update(sample.subarray(at, at + s.protectedBytes)).copy(sample, at);
    at += s.protectedBytes;
  }
}

type Run = {
  trafStart: number;
  trafSize: number;
  dataOffsetAt: number;
  samples: { at: number; size: number }[];
};

/** The track run of a traf: where its samples are (relative to the moof, default-base-is-moof). */
function readTraf(seg: Buffer, traf: Box, moofStart: number): Run & { trackId: number } {
  const children = boxesIn(seg, traf.start + 8, traf.start + traf.size);
  const tfhd = children.find((c) => c.type === 'tfhd');
  const trun = children.find((c) => c.type === 'trun');
  if (!tfhd || !trun) throw new Error('A traf without tfhd or trun');
  const tfFlags = seg.readUInt32BE(tfhd.start + 8) & 0xffffff;
  if (!(tfFlags & 0x20000)) throw new Error('Fragments must use default-base-is-moof');
  const trackId = seg.readUInt32BE(tfhd.start + 12);
  let p = tfhd.start + 16;
  if (tfFlags & 0x1) p += 8;
  if (tfFlags & 0x2) p += 4;
  if (tfFlags & 0x8) p += 4;
  const defaultSize = tfFlags & 0x10 ? seg.readUInt32BE(p) : 0;
  const flags = seg.readUInt32BE(trun.start + 8) & 0xffffff;
  const count = seg.readUInt32BE(trun.start + 12);
  if (!(flags & 0x1)) throw new Error('A trun without a data offset');
  let q = trun.start + 16;
  const dataOffsetAt = q;
  let at = moofStart + seg.readInt32BE(q);
  q += 4;
  if (flags & 0x4) q += 4;
  const samples: { at: number; size: number }[] = [];
  for (let i = 0; i < count; i++) {
    if (flags & 0x100) q += 4;
    const size = flags & 0x200 ? seg.readUInt32BE(q) : defaultSize;
    if (flags & 0x200) q += 4;
    if (flags & 0x400) q += 4;
    if (flags & 0x800) q += 4;
    samples.push({ at, size });
    at += size;
  }
  return { trackId, trafStart: traf.start, trafSize: traf.size, dataOffsetAt, samples };
}

/**
 * A media segment with its samples encrypted under `key`, and per traf the `saiz`, `saio` and
 * `senc` that carry each sample's IV and subsamples; the moof grows, so the trun data offsets and
 * the sidx sizes move with it.
 */
export function encryptSegment(segment: Buffer, key: Buffer, videoTracks: Set<number>): Buffer {
  const seg = Buffer.from(segment);
  const top = boxesIn(seg, 0, seg.length);
  const moof = top.find((b) => b.type === 'moof');
  if (!moof) throw new Error('A segment without a moof');
  const moofChildren = boxesIn(seg, moof.start + 8, moof.start + moof.size);

  // Encrypt the samples and build each traf's new boxes (saio's offset is filled in below).
  const parts: { head: Buffer[]; traf?: { run: Run; video: boolean; aux: Buffer[]; sencBody: Buffer } }[] =
    [];
  for (const child of moofChildren) {
    if (child.type !== 'traf') {
      parts.push({ head: [seg.subarray(child.start, child.start + child.size)] });
      continue;
    }
    const run = readTraf(seg, child, moof.start);
    const video = videoTracks.has(run.trackId);
    const entries: Buffer[] = [];
    const infoSizes: number[] = [];
    for (const s of run.samples) {
      const sample = seg.subarray(s.at, s.at + s.size);
      const iv = randomBytes(8);
      const subs = video ? avcSubsamples(sample) : null;
      encryptSample(sample, key, iv, subs);
      const sub = subs
        ? Buffer.concat([
            Buffer.from([subs.length >> 8, subs.length & 0xff]),
            ...subs.map((x) => {
              const b = Buffer.alloc(6);
              b.writeUInt16BE(x.clear);
              b.writeUInt32BE(x.protectedBytes, 2);
              return b;
            }),
          ])
        : Buffer.alloc(0);
      entries.push(iv, sub);
      infoSizes.push(8 + sub.length);
    }
    const saiz = video
      ? fullBox('saiz', 0, 0, Buffer.from([0]), u32(infoSizes.length), Buffer.from(infoSizes))
      : fullBox('saiz', 0, 0, Buffer.from([8]), u32(infoSizes.length));
    const sencBody = Buffer.concat([u32(run.samples.length), ...entries]);
    parts.push({ head: [], traf: { run, video, aux: [saiz], sencBody } });
  }

  // Lay the moof out: traf = its boxes + saiz + saio + senc; saio points at the senc's first IV.
  const SAIO_SIZE = 20;
  let offset = 8;
  const built: Buffer[] = [];
  for (const part of parts) {
    if (!part.traf) {
      built.push(...part.head);
      offset += part.head.reduce((n, b) => n + b.length, 0);
      continue;
    }
    const { run, video, aux, sencBody } = part.traf;
    const original = seg.subarray(run.trafStart + 8, run.trafStart + run.trafSize);
    // senc flag 0x2: each entry lists its subsamples (video only; audio samples are whole).
    const flagsSubsamples = video ? 0x2 : 0;
    const auxLength = aux.reduce((n, b) => n + b.length, 0);
    const sencStart = offset + 8 + original.length + auxLength + SAIO_SIZE;
    const saio = fullBox('saio', 0, 0, u32(1), u32(sencStart + 16));
    const senc = fullBox('senc', 0, flagsSubsamples, sencBody);
    const traf = box('traf', original, ...aux, saio, senc);
    built.push(traf);
    offset += traf.length;
  }
  const newMoof = box('moof', ...built);
  const delta = newMoof.length - moof.size;

  // The trun data offsets are relative to the moof, whose end moved by delta.
  let at = 8;
  for (const part of parts) {
    if (!part.traf) {
      at += part.head.reduce((n, b) => n + b.length, 0);
      continue;
    }
    const { run } = part.traf;
    const dataOffsetInTraf = run.dataOffsetAt - run.trafStart;
    newMoof.writeInt32BE(newMoof.readInt32BE(at + dataOffsetInTraf) + delta, at + dataOffsetInTraf);
    at += newMoof.readUInt32BE(at);
  }

  const out: Buffer[] = [];
  for (const b of top) {
    if (b === moof) out.push(newMoof);
    else if (b.type === 'sidx') out.push(growSidx(seg.subarray(b.start, b.start + b.size), delta));
    else out.push(seg.subarray(b.start, b.start + b.size));
  }
  return Buffer.concat(out);
}

/** A sidx whose references cover the moof: their sizes grow by delta (one subsegment per segment). */
function growSidx(sidx: Buffer, delta: number): Buffer {
  const out = Buffer.from(sidx);
  const version = out[8]!;
  let p = 8 + 4 + 4 + 4 + (version === 0 ? 8 : 16) + 2;
  const count = out.readUInt16BE(p);
  p += 2;
  for (let i = 0; i < count; i++) {
    const ref = out.readUInt32BE(p);
    out.writeUInt32BE((ref & 0x80000000) | ((ref & 0x7fffffff) + delta), p);
    p += 12;
  }
  return out;
}
