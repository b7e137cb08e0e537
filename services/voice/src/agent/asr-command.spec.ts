import { fillPlaceholders, pocketsphinxArgs, splitCommand } from './asr-command';
import { asrInvocation } from './transcriber';

describe('VOICE_ASR_COMMAND', () => {
  it('splits words as a shell would, with quotes and backslashes, but runs nothing of a shell', () => {
    expect(splitCommand('whisper-cli -m "/models/ggml base.en.bin" -f {audio} -nt')).toEqual([
      'whisper-cli',
      '-m',
      '/models/ggml base.en.bin',
      '-f',
      '{audio}',
      '-nt',
    ]);
    expect(splitCommand(`asr --prompt 'it''s' a\\ b "x\\"y"`)).toEqual(['asr', '--prompt', 'its', 'a b', 'x"y']);
    // Shell syntax stays literal text: no second command, no substitution, no redirection.
    expect(splitCommand('asr {audio}; rm -rf / $(id) > /tmp/x | cat')).toEqual(['asr', '{audio};', 'rm', '-rf', '/', '$(id)', '>', '/tmp/x', '|', 'cat']);
    expect(splitCommand('asr ""')).toEqual(['asr', '']);
  });

  it('takes a JSON array as the exact arguments', () => {
    expect(splitCommand('["/opt/whisper/whisper-cli", "-f", "{audio}", "--prompt", "{vocabulary}"]')).toEqual([
      '/opt/whisper/whisper-cli',
      '-f',
      '{audio}',
      '--prompt',
      '{vocabulary}',
    ]);
    expect(() => splitCommand('["asr", 3]')).toThrow(/array of strings/);
    expect(() => splitCommand('[]')).toThrow(/array of strings/);
    expect(() => splitCommand('asr "unclosed')).toThrow(/unclosed/);
  });

  it('gives pocketsphinx named alone the interview model, another program named alone the WAV, and "none" nothing', () => {
    expect(asrInvocation('pocketsphinx_continuous')).toEqual({ program: 'pocketsphinx_continuous', args: pocketsphinxArgs });
    expect(asrInvocation('/usr/bin/pocketsphinx_continuous')?.args).toEqual(pocketsphinxArgs);
    expect(asrInvocation('my-asr')).toEqual({ program: 'my-asr', args: ['{audio}'] });
    expect(asrInvocation('pocketsphinx_continuous -infile {audio}')).toEqual({ program: 'pocketsphinx_continuous', args: ['-infile', '{audio}'] });
    expect(asrInvocation(' none ')).toBeUndefined();
  });

  it('fills each placeholder, inside an argument too, and leaves other braces alone', () => {
    const values = { audio: '/tmp/a.wav', rate: '16000', lm: '/tmp/i.lm', dict: '/tmp/i.dict', vocabulary: 'cache, recursion' };
    expect(fillPlaceholders(['-f', '{audio}', '--rate={rate}', '{lm}', '{dict}', '--prompt', 'Terms: {vocabulary}', '{other}'], values)).toEqual([
      '-f',
      '/tmp/a.wav',
      '--rate=16000',
      '/tmp/i.lm',
      '/tmp/i.dict',
      '--prompt',
      'Terms: cache, recursion',
      '{other}',
    ]);
  });
});
