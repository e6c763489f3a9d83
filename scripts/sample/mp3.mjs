// Minimal MPEG audio frame walker: duration in seconds of an MP3 buffer (CBR or VBR).
// Skips an ID3v2 tag and a Xing/Info/VBRI header frame; stops at ID3v1/garbage.
const BITRATES = {
  1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320], // MPEG-1 Layer III
  2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160], // MPEG-2/2.5 Layer III
};
const RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

export function mp3Duration(buf) {
  let pos = 0;
  if (buf.length > 10 && buf.toString("latin1", 0, 3) === "ID3") {
    pos = 10 + ((buf[6] << 21) | (buf[7] << 14) | (buf[8] << 7) | buf[9]);
  }
  let samples = 0;
  let first = true;
  while (pos + 4 <= buf.length) {
    const b1 = buf[pos + 1], b2 = buf[pos + 2];
    if (buf[pos] !== 0xff || (b1 & 0xe0) !== 0xe0) break;
    const ver = (b1 >> 3) & 3; // 3 = MPEG1, 2 = MPEG2, 0 = MPEG2.5
    const layer = (b1 >> 1) & 3; // 1 = Layer III
    const bi = (b2 >> 4) & 15, si = (b2 >> 2) & 3, padding = (b2 >> 1) & 1;
    if (ver === 1 || layer !== 1 || bi === 0 || bi === 15 || si === 3) break;
    const rate = RATES[ver][si];
    const kbps = BITRATES[ver === 3 ? 1 : 2][bi];
    const spf = ver === 3 ? 1152 : 576;
    const size = Math.floor(((spf / 8) * kbps * 1000) / rate) + padding;
    const body = buf.toString("latin1", pos + 4, Math.min(pos + size, buf.length));
    const isTag = first && /Xing|Info|VBRI/.test(body.slice(0, 64));
    if (!isTag) samples += spf;
    first = false;
    pos += size;
    if (!isTag && rate) mp3Duration.rate = rate;
  }
  return samples / (mp3Duration.rate || 22050);
}
