import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiItemsPage,
  apiJsonWithHeaders,
  apiPage,
  apiRequest,
  errorDisplayMessage,
  fileNameFromDisposition,
  getQueryFn,
  isUnauthorizedError,
  throwIfResNotOk,
  urlFromQueryKey,
} from './api.ts';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => {
      values.delete(key);
    },
    setItem: (key, value) => {
      values.set(key, String(value));
    },
  };
}

function reply(body: BodyInit | null, init: ResponseInit): Response {
  return new Response(body, init);
}

async function messageOf(res: Response): Promise<string> {
  try {
    await throwIfResNotOk(res);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', memoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('error text', () => {
  it('uses error.message from a JSON body first', async () => {
    const res = reply(JSON.stringify({ error: { message: 'Brand not found' }, message: 'other' }), {
      status: 404,
      statusText: 'Not Found',
    });
    expect(await messageOf(res)).toBe('404: Brand not found');
  });

  it('falls back to the message field', async () => {
    const res = reply(JSON.stringify({ message: 'Brand name is required', code: 'validation' }), {
      status: 400,
      statusText: 'Bad Request',
    });
    expect(await messageOf(res)).toBe('400: Brand name is required');
  });

  it('falls back to the status text when the JSON body has no message', async () => {
    const res = reply(JSON.stringify({ ok: false }), { status: 409, statusText: 'Conflict' });
    expect(await messageOf(res)).toBe('409: Conflict');
  });

  it('uses the raw text of a body that is not JSON', async () => {
    const res = reply('Gateway exploded', { status: 502, statusText: 'Bad Gateway' });
    expect(await messageOf(res)).toBe('502: Gateway exploded');
  });

  it('uses the status text for an empty body that is not JSON', async () => {
    const res = reply('', { status: 503, statusText: 'Service Unavailable' });
    expect(await messageOf(res)).toBe('503: Service Unavailable');
  });

  it('uses the standard reason phrase when the status text is empty', async () => {
    const res = reply('', { status: 401, statusText: '' });
    expect(await messageOf(res)).toBe('401: Unauthorized');
  });

  it('does not throw for an OK reply', async () => {
    expect(await messageOf(reply('{}', { status: 200 }))).toBe('no error');
  });
});

describe('isUnauthorizedError', () => {
  it('needs the 401 prefix and the word Unauthorized', () => {
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized: session expired'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: Session expired'))).toBe(false);
    expect(isUnauthorizedError(new Error('403: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError(new Error('4010: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError(null)).toBe(false);
  });
});

describe('errorDisplayMessage', () => {
  it('strips the status prefix and falls back when empty', () => {
    expect(errorDisplayMessage(new Error('400: Brand name is required'), 'x')).toBe('Brand name is required');
    expect(errorDisplayMessage(new Error('Network down'), 'x')).toBe('Network down');
    expect(errorDisplayMessage(undefined, 'Failed to create brand')).toBe('Failed to create brand');
  });
});

describe('apiRequest', () => {
  it('sends cookies and a JSON content type only with a body', async () => {
    fetchMock.mockResolvedValue(reply('{}', { status: 200 }));
    await apiRequest('POST', '/api/brands', { name: 'Acme' });
    await apiRequest('DELETE', '/api/brands/1');

    const [url, withBody] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/brands');
    expect(withBody?.credentials).toBe('include');
    expect(withBody?.method).toBe('POST');
    expect(withBody?.body).toBe('{"name":"Acme"}');
    expect(withBody?.headers).toEqual({ 'Content-Type': 'application/json' });

    const [, withoutBody] = fetchMock.mock.calls[1]!;
    expect(withoutBody?.credentials).toBe('include');
    expect(withoutBody?.body).toBeUndefined();
    expect(withoutBody?.headers).toEqual({});
  });

  it('throws the status and server message', async () => {
    fetchMock.mockResolvedValue(
      reply(JSON.stringify({ message: 'Maximum brands limit (1) reached.', code: 'plan_limit' }), { status: 403 }),
    );
    await expect(apiRequest('POST', '/api/brands', {})).rejects.toThrow('403: Maximum brands limit (1) reached.');
  });

  it('adds the account-switch header only when the flag is the text true', async () => {
    fetchMock.mockResolvedValue(reply('{}', { status: 200 }));
    localStorage.setItem('accountSwitchEmail', 'second@example.com');
    await apiRequest('GET', '/api/brands');
    localStorage.setItem('forceAccountSwitch', 'true');
    await apiRequest('GET', '/api/brands');

    expect(fetchMock.mock.calls[0]![1]?.headers).toEqual({});
    expect(fetchMock.mock.calls[1]![1]?.headers).toEqual({ 'x-force-account-switch': 'second@example.com' });
  });
});

describe('apiPage', () => {
  it('gives the body with the next cursor from the Link header and the total', async () => {
    fetchMock.mockResolvedValue(
      reply('[{"id":"a"}]', {
        status: 200,
        headers: {
          link: '<http://localhost:5000/api/audits?limit=1&cursor=WyJ4Il0>; rel="next"',
          'x-total-count': '7',
        },
      }),
    );
    expect(await apiPage('/api/audits?limit=1')).toEqual({ body: [{ id: 'a' }], nextCursor: 'WyJ4Il0', total: 7 });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
  });

  it('gives no cursor on the last page, and throws the server message on an error', async () => {
    fetchMock.mockResolvedValueOnce(reply('[]', { status: 200 }));
    expect(await apiPage('/api/audits')).toEqual({ body: [], nextCursor: null, total: null });
    fetchMock.mockResolvedValueOnce(reply(JSON.stringify({ message: 'Limit must be at most 200' }), { status: 400 }));
    await expect(apiPage('/api/audits?limit=999')).rejects.toThrow('400: Limit must be at most 200');
  });
});

describe('apiJsonWithHeaders', () => {
  it("returns a page's body with the headers that carry its total and next page", async () => {
    fetchMock.mockResolvedValue(
      reply('[{"id":"a"}]', {
        status: 200,
        headers: { 'X-Total-Count': '1234', Link: '</api/consumer-insights?cursor=abc>; rel="next"' },
      }),
    );
    const { body, headers } = await apiJsonWithHeaders<{ id: string }[]>('GET', '/api/consumer-insights');
    expect(body).toEqual([{ id: 'a' }]);
    expect(headers.get('x-total-count')).toBe('1234');
    expect(headers.get('link')).toContain('rel="next"');
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe('include');
  });

  it('throws the status and server message as apiJson does', async () => {
    fetchMock.mockResolvedValue(
      reply(JSON.stringify({ error: { message: 'The cursor is not valid' } }), { status: 400 }),
    );
    await expect(apiJsonWithHeaders('GET', '/api/consumer-insights')).rejects.toThrow('400: The cursor is not valid');
  });
});

describe('getQueryFn', () => {
  const context = (queryKey: readonly unknown[]) =>
    ({ queryKey, signal: new AbortController().signal, meta: undefined, client: undefined }) as never;

  it('returns null on 401 when asked to', async () => {
    fetchMock.mockResolvedValue(reply(JSON.stringify({ message: 'Unauthorized' }), { status: 401 }));
    const queryFn = getQueryFn<unknown>({ on401: 'returnNull' });
    await expect(queryFn(context(['/api/auth/user']))).resolves.toBeNull();
  });

  it('throws on 401 by default', async () => {
    fetchMock.mockResolvedValue(reply(JSON.stringify({ message: 'Unauthorized' }), { status: 401 }));
    const queryFn = getQueryFn<unknown>({ on401: 'throw' });
    await expect(queryFn(context(['/api/auth/user']))).rejects.toThrow('401: Unauthorized');
  });

  it('parses JSON and sends cookies', async () => {
    fetchMock.mockResolvedValue(reply(JSON.stringify([{ id: 1 }]), { status: 200 }));
    const queryFn = getQueryFn<unknown>({ on401: 'throw' });
    await expect(queryFn(context(['/api/brands']))).resolves.toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe('include');
  });
});

describe('apiItemsPage', () => {
  it('returns the page with the total and the next cursor from the headers', async () => {
    fetchMock.mockResolvedValue(
      reply(JSON.stringify([{ id: 1 }, { id: 2 }]), {
        status: 200,
        headers: {
          'X-Total-Count': '20000',
          Link: '</api/ad-library?brandId=b1&limit=2&cursor=abc_DEF-1>; rel="next"',
        },
      }),
    );
    await expect(apiItemsPage('/api/ad-library?brandId=b1&limit=2')).resolves.toEqual({
      items: [{ id: 1 }, { id: 2 }],
      total: 20000,
      nextCursor: 'abc_DEF-1',
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/ad-library?brandId=b1&limit=2');
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe('include');
  });

  it('ends on a page without a next link, counting the page when no total is sent', async () => {
    fetchMock.mockResolvedValue(reply(JSON.stringify([{ id: 3 }]), { status: 200 }));
    await expect(apiItemsPage('/api/things')).resolves.toEqual({ items: [{ id: 3 }], total: 1, nextCursor: null });
  });

  it('throws the status and server message', async () => {
    fetchMock.mockResolvedValue(reply(JSON.stringify({ message: 'The cursor is not valid' }), { status: 400 }));
    await expect(apiItemsPage('/api/things?cursor=x')).rejects.toThrow('400: The cursor is not valid');
  });
});

describe('urlFromQueryKey', () => {
  it('joins path segments and turns an object into a query string', () => {
    expect(urlFromQueryKey(['/api/audits', 'a b'])).toBe('/api/audits/a%20b');
    expect(urlFromQueryKey(['/api/competitors', { brandId: 'x1', skip: undefined }])).toBe(
      '/api/competitors?brandId=x1',
    );
    expect(urlFromQueryKey(['/api/brands'])).toBe('/api/brands');
  });
});

describe('fileNameFromDisposition', () => {
  it('reads the name the server gives a download', () => {
    expect(fileNameFromDisposition('attachment; filename="brandlens-acme-audit-2026-11-27.pdf"')).toBe(
      'brandlens-acme-audit-2026-11-27.pdf',
    );
    expect(fileNameFromDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(fileNameFromDisposition(`attachment; filename="x.pdf"; filename*=UTF-8''caf%C3%A9.pdf`)).toBe('café.pdf');
  });

  it('keeps no path and gives null when there is no name', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
  });
});
