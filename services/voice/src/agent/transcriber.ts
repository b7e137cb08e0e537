import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { LOGGER, Logger, SERVICE_CONFIG } from '@app/service-kit';
import type { VoiceConfig } from '../config';
import { pcmToWav } from './wav';

/** The command when it is an executable file on PATH (or a path), else undefined. */
async function locate(command: string): Promise<string | undefined> {
  if (command === 'none') return undefined;
  const candidates = command.includes('/') ? [command] : (process.env.PATH ?? '').split(':').map((dir) => path.join(dir, command));
  for (const candidate of candidates) {
    if (
      await access(candidate, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  return undefined;
}

/**
 * The candidate's answers as text, offline, with Debian's pocketsphinx (about real time on one
 * core, so one answer at a time). Without it the transcript says the answer was not transcribed.
 */
@Injectable()
export class Transcriber implements OnModuleDestroy {
  private readonly command: Promise<string | undefined>;
  private workDir?: Promise<string>;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(SERVICE_CONFIG) config: VoiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.command = locate(config.VOICE_ASR_COMMAND);
  }

  available(): Promise<boolean> {
    return this.command.then(Boolean);
  }

  /** The words heard in 16-bit mono PCM, or undefined when no recogniser is installed or it failed. */
  transcribe(pcm: Buffer, sampleRate: number): Promise<string | undefined> {
    const run = this.queue.then(() => this.run(pcm, sampleRate));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async onModuleDestroy(): Promise<void> {
    if (this.workDir) await rm(await this.workDir, { recursive: true, force: true });
  }

  private async run(pcm: Buffer, sampleRate: number): Promise<string | undefined> {
    const command = await this.command;
    if (!command) return undefined;
    this.workDir ??= mkdtemp(path.join(tmpdir(), 'voice-asr-'));
    const file = path.join(await this.workDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.wav`);
    await writeFile(file, pcmToWav(pcm, sampleRate));
    try {
      const output = await new Promise<string>((resolve, reject) => {
        execFile(command, ['-infile', file, '-samprate', String(sampleRate), '-logfn', '/dev/null'], { timeout: 60_000 }, (err, stdout) =>
          err ? reject(err) : resolve(stdout),
        );
      });
      return output
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .join(' ');
    } catch (err) {
      this.logger.warn({ err }, 'transcription failed');
      return undefined;
    } finally {
      await rm(file, { force: true });
    }
  }
}
