import { breakSegments } from '../break-points';

describe('breakSegments', () => {
  it('splits an email after its @ and each dot, keeping every character', () => {
    const email = 'maximilian.alexander.von-hohenberg@subsidiary.example.com';
    expect(breakSegments(email)).toEqual(['maximilian.', 'alexander.', 'von-hohenberg@', 'subsidiary.', 'example.', 'com']);
    expect(breakSegments(email).join('')).toBe(email);
  });

  it('leaves text with neither whole', () => {
    expect(breakSegments('Client (no sign-in)')).toEqual(['Client (no sign-in)']);
    expect(breakSegments('')).toEqual([]);
  });
});
