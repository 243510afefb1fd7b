// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { memo } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goBack, navigate } from './history';
import { Link } from './link';
import { Router, useRoute } from './router';
import { ROUTES } from './routes';

function Where() {
  const route = useRoute();
  return (
    <p data-testid="where">{`${route.page} ${JSON.stringify(route.params)} ${JSON.stringify(route.query)}`}</p>
  );
}

const go = (path: string) => window.history.replaceState(null, '', path);

describe('Router', () => {
  beforeEach(() => {
    localStorage.clear();
    go('/');
  });
  afterEach(cleanup);

  it('hands its pages the same route while its inputs stay, and a new one when the path changes (EK62)', () => {
    go('/search');
    const routes: ReturnType<typeof useRoute>[] = [];
    // A page that renders only through the route: memo keeps its parent's renders away.
    const Page = memo(function Page() {
      routes.push(useRoute());
      return null;
    });
    const tree = () => (
      <Router signedIn={false}>
        <Page />
      </Router>
    );
    const { rerender } = render(tree());
    for (let i = 0; i < 3; i++) rerender(tree());
    expect(routes).toHaveLength(1);
    act(() => navigate('/quotation'));
    expect(routes).toHaveLength(2);
    expect(routes.map((route) => route.path)).toEqual(['/search', '/quotation']);
  });

  it('replaces an unknown path with home', () => {
    go('/nowhere?x=1');
    render(
      <Router signedIn={false}>
        <Where />
      </Router>,
    );
    expect(window.location.pathname).toBe('/');
    expect(screen.getByTestId('where').textContent).toBe('home {} {}');
  });

  it('sends a visitor from a protected page to login with the return path and a notice', () => {
    const onNotice = vi.fn();
    go('/position?tab=1');
    render(
      <Router onNotice={onNotice} signedIn={false} routes={ROUTES.map((r) => ({ ...r, built: true }))}>
        <Where />
      </Router>,
    );
    expect(window.location.pathname + window.location.search).toBe('/login?to=%2Fposition%3Ftab%3D1');
    expect(onNotice).toHaveBeenCalledWith('app.login_required');
    expect(screen.getByTestId('where').textContent).toBe('login {} {"to":"/position?tab=1"}');
  });

  it('sends a user who signs in on /login to the return path without the already-logged-in notice', () => {
    const onNotice = vi.fn();
    go('/login?to=%2Fuser%2Faccount');
    const tree = (signedIn: boolean) => (
      <Router onNotice={onNotice} signedIn={signedIn}>
        <Where />
      </Router>
    );
    const { rerender } = render(tree(false));
    expect(screen.getByTestId('where').textContent).toBe('login {} {"to":"/user/account"}');
    rerender(tree(true));
    expect(window.location.pathname).toBe('/user/account');
    expect(screen.getByTestId('where').textContent).toBe('account {} {}');
    expect(onNotice).not.toHaveBeenCalled();
  });

  it('sends a signed-in visitor of /login home with the already-logged-in notice', () => {
    const onNotice = vi.fn();
    go('/login?to=%2Fuser');
    render(
      <Router onNotice={onNotice} signedIn>
        <Where />
      </Router>,
    );
    expect(window.location.pathname).toBe('/');
    expect(onNotice).toHaveBeenCalledWith('app.already_logged_in');
  });

  it('sends a signed-out visitor of a protected page to login and back after signing in', () => {
    const onNotice = vi.fn();
    go('/user/changePassword');
    const tree = (signedIn: boolean) => (
      <Router onNotice={onNotice} signedIn={signedIn}>
        <Where />
      </Router>
    );
    const { rerender } = render(tree(false));
    expect(window.location.search).toBe('?to=%2Fuser%2FchangePassword');
    expect(onNotice).toHaveBeenCalledWith('app.login_required');
    rerender(tree(true));
    expect(window.location.pathname).toBe('/user/changePassword');
    expect(screen.getByTestId('where').textContent).toBe('changePassword {} {}');
  });

  it('follows navigate() and the back button', () => {
    render(
      <Router signedIn={false}>
        <Where />
      </Router>,
    );
    act(() => navigate('/quotation?singleTrade=2'));
    expect(screen.getByTestId('where').textContent).toBe('quotation {} {"singleTrade":"2"}');
    act(() => {
      go('/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByTestId('where').textContent).toBe('home {} {}');
  });

  it('navigates in the page on a plain link click but leaves modified clicks to the browser', () => {
    render(
      <Router signedIn={false}>
        <Link to="/quotation">markets</Link>
        <Where />
      </Router>,
    );
    const link = screen.getByText('markets');
    expect(link.getAttribute('href')).toBe('/quotation');
    fireEvent.click(link, { ctrlKey: true });
    expect(window.location.pathname).toBe('/');
    fireEvent.click(link);
    expect(window.location.pathname).toBe('/quotation');
    expect(screen.getByTestId('where').textContent).toBe('quotation {} {}');
  });
});

describe('going back', () => {
  afterEach(cleanup);

  it('goes home when the page was opened directly', () => {
    go('/quotation');
    render(
      <Router signedIn={false}>
        <Where />
      </Router>,
    );
    act(() => goBack());
    expect(screen.getByTestId('where').textContent).toBe('home {} {}');
  });

  it('returns to the previous in-app page', async () => {
    go('/');
    render(
      <Router signedIn={false}>
        <Where />
      </Router>,
    );
    act(() => navigate('/quotation'));
    const popped = new Promise((done) => window.addEventListener('popstate', done, { once: true }));
    goBack();
    await act(() => popped);
    expect(screen.getByTestId('where').textContent).toBe('home {} {}');
  });
});
