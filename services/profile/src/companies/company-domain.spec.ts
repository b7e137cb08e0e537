import { emailDomain, emailMatchesWebsite, websiteDomain } from './company-domain';

describe('websiteDomain', () => {
  it.each([
    ['https://www.google.com', 'google.com'],
    ['https://WWW.Google.COM/careers?x=1', 'google.com'],
    ['http://eng.google.com:8080', 'eng.google.com'],
    ['google.com', 'google.com'],
    ['www.janestreet.com', 'janestreet.com'],
    ['https://www2.example.com', 'www2.example.com'],
    ['https://localhost', null],
    ['https://127.0.0.1', null],
    ['not a url at all', null],
    ['', null],
    [null, null],
  ])('%j → %j', (url, expected) => expect(websiteDomain(url)).toBe(expected));
});

describe('emailDomain', () => {
  it.each([
    ['jane@Google.com', 'google.com'],
    ['"odd@name"@eng.google.com', 'eng.google.com'],
    ['jane', null],
    ['@google.com', null],
    ['jane@localhost', null],
    [null, null],
  ])('%j → %j', (email, expected) => expect(emailDomain(email)).toBe(expected));
});

describe('emailMatchesWebsite', () => {
  it.each([
    ['jane@google.com', 'https://www.google.com', true],
    ['jane@eng.google.com', 'https://google.com', true],
    ['jane@eng.google.com', 'https://www.google.com', true],
    ['jane@a.b.google.com', 'google.com', true],
    ['jane@GOOGLE.com', 'google.com', true],
    ['jane@notgoogle.com', 'https://www.google.com', false],
    ['jane@google.com.evil.io', 'https://google.com', false],
    ['jane@gmail.com', 'https://www.google.com', false],
    ['jane@google.com', 'https://eng.google.com', false],
    ['jane@google.com', null, false],
    [null, 'https://google.com', false],
    ['jane@google.com', 'not a url at all', false],
  ])('%s on %s → %s', (email, site, expected) => expect(emailMatchesWebsite(email, site)).toBe(expected));
});
