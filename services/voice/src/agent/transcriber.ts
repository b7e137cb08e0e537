import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { LOGGER, Logger, SERVICE_CONFIG } from '@app/service-kit';
import type { VoiceConfig } from '../config';
import { interviewCorpus } from '../interview/vocabulary';
import { fillPlaceholders, pocketsphinxArgs, splitCommand, usesPlaceholder } from './asr-command';
import { cmudictPath, parseDictionary, recogniserModel } from './recogniser-model';
import { pcmToWav } from './wav';

/** The command when it is an executable file on PATH (or a path), else undefined. */
async function locate(command: string): Promise<string | undefined> {
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
 * The program and arguments VOICE_ASR_COMMAND names (undefined for "none"). pocketsphinx_continuous
 * named alone gets the interview model; any other program named alone gets the WAV's path last.
 */
export function asrInvocation(setting: string): { program: string; args: string[] } | undefined {
  if (setting.trim() === 'none') return undefined;
  const [program, ...args] = splitCommand(setting);
  if (args.length > 0) return { program, args };
  return { program, args: path.basename(program) === 'pocketsphinx_continuous' ? pocketsphinxArgs : ['{audio}'] };
}

/** The session's terms, filled into {vocabulary} (a prompt for recognisers that take one). */
export interface TranscriptionContext {
  terms: string[];
}

/**
 * The candidate's answers as text, offline: VOICE_ASR_COMMAND runs once per answer on a WAV file and
 * its standard output is the transcript. By default Debian's pocketsphinx with the interview
 * language model (about real time on one core, so one answer at a time). Without a recogniser the
 * transcript says the answer was not transcribed.
 */
@Injectable()
export class Transcriber implements OnModuleInit, OnApplicationShutdown {
  private readonly invocation?: { program: string; args: string[] };
  private readonly program: Promise<string | undefined>;
  private workDir?: Promise<string>;
  private model?: Promise<{ lm: string; dict: string }>;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(SERVICE_CONFIG) config: Pick<VoiceConfig, 'VOICE_ASR_COMMAND'>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.invocation = asrInvocation(config.VOICE_ASR_COMMAND);
    this.program = this.invocation ? locate(this.invocation.program) : Promise.resolve(undefined);
  }

  /** The interview model is made at start (about half a second), not during the first answer. */
  onModuleInit(): void {
    void this.available().then(async (yes) => {
      if (yes) await this.modelFiles().catch((err: Error) => this.logger.warn({ err }, 'the interview language model could not be made'));
    });
  }

  available(): Promise<boolean> {
    return this.program.then(Boolean);
  }

  /** The words heard in 16-bit mono PCM, or undefined when no recogniser is installed or it failed. */
  transcribe(pcm: Buffer, sampleRate: number, context?: TranscriptionContext): Promise<string | undefined> {
    const run = this.queue.then(() => this.run(pcm, sampleRate, context));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** After the agent's drain: the calls that ran on while it lasted were heard until their end. */
  async onApplicationShutdown(): Promise<void> {
    if (this.workDir) await rm(await this.workDir, { recursive: true, force: true });
  }

  private dir(): Promise<string> {
    this.workDir ??= mkdtemp(path.join(tmpdir(), 'voice-asr-'));
    return this.workDir;
  }

  /** The interview language model and dictionary as files, made once (only when the command asks for them). */
  private modelFiles(): Promise<{ lm: string; dict: string }> {
    this.model ??= (async () => {
      const args = this.invocation?.args ?? [];
      if (!usesPlaceholder(args, 'lm') && !usesPlaceholder(args, 'dict')) return { lm: '', dict: '' };
      const dir = await this.dir();
      const model = recogniserModel(interviewCorpus(), parseDictionary(await readFile(cmudictPath, 'utf8')));
      const lm = path.join(dir, 'interview.lm');
      const dict = path.join(dir, 'interview.dict');
      await writeFile(lm, model.arpa);
      await writeFile(dict, model.dictionary);
      this.logger.info({ words: model.language.vocabulary.length, left_out: model.unpronounceable }, 'interview language model ready');
      return { lm, dict };
    })();
    return this.model;
  }

  private async run(pcm: Buffer, sampleRate: number, context?: TranscriptionContext): Promise<string | undefined> {
    const program = await this.program;
    if (!program || !this.invocation) return undefined;
    const file = path.join(await this.dir(), `${Date.now()}-${Math.random().toString(36).slice(2)}.wav`);
    await writeFile(file, pcmToWav(pcm, sampleRate));
    try {
      const { lm, dict } = await this.modelFiles();
      const args = fillPlaceholders(this.invocation.args, { audio: file, rate: String(sampleRate), lm, dict, vocabulary: (context?.terms ?? []).join(', ') });
      const output = await new Promise<string>((resolve, reject) => {
        execFile(program, args, { timeout: 60_000, maxBuffer: 4 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
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
