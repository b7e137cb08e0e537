import { readFileSync } from 'node:fs';
import path from 'node:path';

const publicVoice = path.join(__dirname, '../../../public/voice');
const client = path.resolve(path.dirname(require.resolve('@elevenlabs/client')), '..');

/** The source a generated loader of @elevenlabs/client inlines (a template literal). */
function inlinedSource(name: string): string {
  const text = readFileSync(path.join(client, 'dist/platform/web', `${name}.generated.js`), 'utf8');
  return new Function(`return ${text.slice(text.indexOf('`'), text.lastIndexOf('`') + 1)}`)() as string;
}

/**
 * The app serves the voice client's worklets itself (the CSP allows scripts from 'self' only, and
 * nothing may come from a CDN): the copies in public/voice must be the installed packages' own.
 */
describe('voice worklets served by the app', () => {
  it.each(['rawAudioProcessor', 'audioConcatProcessor'])('%s is the installed client’s', (name) => {
    expect(readFileSync(path.join(publicVoice, `${name}.js`), 'utf8')).toBe(inlinedSource(name));
  });

  it('the resampler is the installed libsamplerate-js worklet', () => {
    const installed = readFileSync(require.resolve('@alexanderolsen/libsamplerate-js/dist/libsamplerate.worklet.js'));
    expect(readFileSync(path.join(publicVoice, 'libsamplerate.worklet.js')).equals(installed)).toBe(true);
  });
});
