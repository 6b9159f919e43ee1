import { webHref } from '../web-link';

describe('webHref', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['HTTP://Example.com/path?q=1', 'HTTP://Example.com/path?q=1'],
    ['example.com', 'https://example.com'],
    ['www.example.co.uk/about', 'https://www.example.co.uk/about'],
    ['example.com:8080/x', 'https://example.com:8080/x'],
    ['  acme.io  ', 'https://acme.io'],
  ])('links %j as %j', (text, href) => {
    expect(webHref(text)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:a@b.co',
    'ftp://example.com',
    'vbscript:x',
    '//evil.example.com',
    'http:evil.example.com',
    'https:\\\\evil.example.com',
    'https:///evil.example.com',
    'not a site',
    'acme',
    '',
    null,
  ])('links no %j', (text) => {
    expect(webHref(text)).toBeUndefined();
  });
});
