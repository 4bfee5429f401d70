import { describe, expect, it } from 'vitest';
import { hostName, isLoopbackName, loopbackRedirect } from './loopback-host';

describe('loopbackRedirect (development: one loopback name, issue 38 item 6)', () => {
  const app = 'http://localhost:3000';
  it('sends a page under another loopback name to APP_URL’s, with its path and query', () => {
    expect(loopbackRedirect('127.0.0.1:3000', '/purchases?success=true', app)).toBe('http://localhost:3000/purchases?success=true');
    expect(loopbackRedirect('[::1]:3000', '/', app)).toBe('http://localhost:3000/');
    expect(loopbackRedirect('127.1.2.3', '/deals', 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/deals');
  });
  it('serves APP_URL’s own host, the API, and hosts that are not loopback names', () => {
    expect(loopbackRedirect('localhost:3000', '/', app)).toBeNull();
    expect(loopbackRedirect('LocalHost:3000', '/', app)).toBeNull();
    expect(loopbackRedirect('127.0.0.1:3000', '/api/deals', app)).toBeNull();
    expect(loopbackRedirect('shop.example', '/', app)).toBeNull();
    expect(loopbackRedirect(undefined, '/', app)).toBeNull();
    expect(loopbackRedirect('bad host', '/', app)).toBeNull();
  });
  it('never sends a loopback name to a public APP_URL', () => {
    expect(loopbackRedirect('localhost:3000', '/', 'https://localperks.example')).toBeNull();
  });
});

describe('hostName and isLoopbackName (the development server’s own names, docs/decisions/0040-safe-at-scale.md)', () => {
  it('takes the name of a Host header without its port, lower-cased, and refuses what is no plain name', () => {
    expect(['LocalHost:3000', '[::1]:5173', '127.0.0.2', 'rebind.example:3000'].map(hostName)).toEqual([
      'localhost',
      '[::1]',
      '127.0.0.2',
      'rebind.example',
    ]);
    expect(['evil.example@localhost', 'localhost/evil', 'localhost:3000:1', '', undefined].map(hostName)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
  it('knows this machine’s names from any other', () => {
    expect(['localhost', '127.0.0.1', '127.1.2.3', '[::1]'].every(isLoopbackName)).toBe(true);
    expect(['rebind.example', 'localhost.rebind.example', '127.0.0.1.rebind.example', '[::2]'].some(isLoopbackName)).toBe(false);
  });
});
