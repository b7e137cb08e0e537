import { resumeFrom } from './draft';

const server = { revision: 4, work: 'on the server' };

describe('resuming an attempt', () => {
  it("takes this device's draft when the server never got it (offline, or a reload cut the save short)", () => {
    expect(resumeFrom(server, { revision: 6, work: 'typed offline', saved: false })).toEqual({ revision: 6, work: 'typed offline', saved: false });
  });

  it("takes the server's work when it is as new or newer (saved from another tab or device)", () => {
    expect(resumeFrom(server, { revision: 3, work: 'older', saved: false })).toEqual({ ...server, saved: true });
    expect(resumeFrom(server, { revision: 9, work: 'already sent', saved: true })).toEqual({ ...server, saved: true });
    expect(resumeFrom(server, null)).toEqual({ ...server, saved: true });
  });
});
