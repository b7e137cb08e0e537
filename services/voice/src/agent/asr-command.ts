/**
 * VOICE_ASR_COMMAND as a program and its arguments, never through a shell: either a JSON array
 * (["whisper-cli", "-m", "/models/ggml-base.en.bin", "-f", "{audio}"]) or words split as a POSIX
 * shell splits them (quotes and backslashes; no variables, globs, pipes or redirections, which stay
 * literal text).
 */
export function splitCommand(command: string): string[] {
  const trimmed = command.trim();
  if (trimmed.startsWith('[')) {
    const parsed: unknown = JSON.parse(trimmed);
    if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === 'string') || !parsed[0]) {
      throw new Error('VOICE_ASR_COMMAND as JSON must be a non-empty array of strings');
    }
    return parsed as string[];
  }
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed[i];
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && i + 1 < trimmed.length && '"\\$`'.includes(trimmed[i + 1])) word += trimmed[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < trimmed.length) {
      word += trimmed[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) throw new Error(`VOICE_ASR_COMMAND has an unclosed ${quote} quote`);
  if (inWord) words.push(word);
  if (words.length === 0) throw new Error('VOICE_ASR_COMMAND is empty');
  return words;
}

/** What the transcriber fills in for each placeholder of an argument. */
export interface AsrPlaceholders {
  /** The answer as a 16-bit mono WAV file. */
  audio: string;
  /** Its sample rate (16000). */
  rate: string;
  /** The interview language model (ARPA) and its pronouncing dictionary, for pocketsphinx. */
  lm: string;
  dict: string;
  /** The session's key terms, comma separated (e.g. whisper.cpp's --prompt). */
  vocabulary: string;
}

/** The arguments with {audio}, {rate}, {lm}, {dict} and {vocabulary} replaced (anywhere inside an argument). */
export function fillPlaceholders(args: string[], values: AsrPlaceholders): string[] {
  return args.map((arg) => arg.replace(/\{(audio|rate|lm|dict|vocabulary)\}/g, (_, name: keyof AsrPlaceholders) => values[name]));
}

/** Which placeholders the arguments use (the interview model is only built when {lm} or {dict} is asked for). */
export function usesPlaceholder(args: string[], name: keyof AsrPlaceholders): boolean {
  return args.some((arg) => arg.includes(`{${name}}`));
}

/**
 * The arguments pocketsphinx_continuous gets when VOICE_ASR_COMMAND names it alone: the answer's
 * WAV, the interview language model and dictionary, no log on stdout.
 */
export const pocketsphinxArgs = ['-infile', '{audio}', '-samprate', '{rate}', '-lm', '{lm}', '-dict', '{dict}', '-logfn', '/dev/null'];
