import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadFirstPage } from './first-page';

describe('loadFirstPage', () => {
  it("resolves the lazy routes the address matches, and leaves the others' code unloaded", async () => {
    const loginPage = <p>Log in</p>;
    const loaded: string[] = [];
    const login: RouteObject = {
      path: 'login',
      lazy: async () => {
        loaded.push('login');
        return { element: loginPage };
      },
    };
    const terms: RouteObject = {
      path: 'terms',
      lazy: async () => {
        loaded.push('terms');
        return {};
      },
    };

    await loadFirstPage([{ path: '/', children: [login, terms] }], '/login');

    expect(loaded).toEqual(['login']);
    expect(login.lazy).toBeUndefined();
    expect(login.element).toBe(loginPage);
    expect(terms.lazy).toBeDefined();
  });
});
