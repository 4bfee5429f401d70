import { describe, expect, it } from 'vitest';
import { loopbackRedirect } from './loopback-host';

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
