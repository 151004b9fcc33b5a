import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRouter, useNavigationGuard } from './app-router';

function GuardedForm() {
  const [heldBack, setHeldBack] = useState<{ go: () => void; to: string } | null>(null);
  useNavigationGuard((go, to) => {
    setHeldBack({ go, to });
    return true;
  });
  return (
    <>
      <Link to="/terms?from=form">Terms</Link>
      {heldBack ? (
        <button type="button" onClick={heldBack.go}>
          Leave for {heldBack.to}
        </button>
      ) : null}
    </>
  );
}

function renderRouter() {
  return render(
    <AppRouter>
      <Routes>
        <Route path="/listing" element={<GuardedForm />} />
        <Route path="/terms" element={<h1>Terms of Service</h1>} />
      </Routes>
    </AppRouter>,
  );
}

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  return renderRouter();
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('AppRouter', () => {
  it('holds a navigation back while a guard answers true, and lets it through when the guard calls go', async () => {
    const user = userEvent.setup();
    renderAt('/listing');
    await user.click(screen.getByRole('link', { name: 'Terms' }));
    expect(window.location.pathname).toBe('/listing');
    expect(screen.queryByRole('heading', { name: 'Terms of Service' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Leave for /terms?from=form' }));
    expect(window.location.pathname + window.location.search).toBe('/terms?from=form');
    expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
  });

  it('follows the browser back button', async () => {
    window.history.replaceState(null, '', '/terms');
    window.history.pushState(null, '', '/listing');
    renderAt('/listing');
    expect(screen.getByRole('link', { name: 'Terms' })).toBeInTheDocument();
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
  });

  it('holds the Back button back while a guard answers true, and goes back when the guard calls go', async () => {
    window.history.replaceState({ idx: 0, key: 'terms', usr: null }, '', '/terms');
    window.history.pushState({ idx: 1, key: 'listing', usr: null }, '', '/listing');
    renderRouter();
    const popped = () =>
      new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    await act(async () => {
      const wentBack = popped();
      window.history.back();
      await wentBack;
      // The guard's undo: the browser steps forward again.
      await popped();
    });
    expect(window.location.pathname).toBe('/listing');
    expect(screen.queryByRole('heading', { name: 'Terms of Service' })).not.toBeInTheDocument();

    const leave = screen.getByRole('button', { name: 'Leave for /terms' });
    await act(async () => {
      const wentBack = popped();
      leave.click();
      await wentBack;
    });
    expect(window.location.pathname).toBe('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
  });
});
