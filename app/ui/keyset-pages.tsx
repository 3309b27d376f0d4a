import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { Button } from "./button";

type Page<Row> = { rows: Row[]; next: string | null };

/**
 * A list read page by page with a keyset cursor: `first` comes from the loader, the next pages from the same
 * address with `?cursor=` (the loader answers `{ more: page }`). A new `first` (another filter, data reloaded
 * after a change) starts again from the top; rows already shown are not repeated.
 */
export function useKeysetPages<Row extends { id: string }>(path: string, first: Page<Row>) {
  const { search } = useLocation();
  const [rows, setRows] = useState<Row[]>(first.rows);
  const [next, setNext] = useState(first.next);
  const pager = useFetcher<{ more: Page<Row> }>();
  useEffect(() => {
    setRows(first.rows);
    setNext(first.next);
  }, [first]);
  useEffect(() => {
    const more = pager.data?.more;
    if (!more || pager.state !== "idle") return;
    setRows((shown) => [...shown, ...more.rows.filter((r) => !shown.some((s) => s.id === r.id))]);
    setNext(more.next);
  }, [pager.data, pager.state]);
  const loadMore = useCallback(() => {
    if (!next || pager.state !== "idle") return;
    const params = new URLSearchParams(search);
    params.set("cursor", next);
    pager.load(`${path}?${params}`);
  }, [next, pager, path, search]);
  return { rows, next, loadMore, loading: pager.state !== "idle" };
}

/**
 * The button that loads the next page, shown while there is one. With `whenSeen`, the page is also asked
 * for as the button comes into view (infinite scroll); the button stays for keyboards and old browsers.
 */
export function LoadMore({
  pages,
  label,
  whenSeen = false,
}: {
  pages: { next: string | null; loadMore: () => void; loading: boolean };
  label: string;
  whenSeen?: boolean;
}) {
  const { next, loadMore, loading } = pages;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!whenSeen || !el || !next) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [whenSeen, next, loadMore]);
  if (!next) return null;
  return (
    <div ref={sentinel} className="flex justify-center">
      <Button variant="outline" busy={loading} busyLabel="Carregando..." onClick={loadMore}>
        {label}
      </Button>
    </div>
  );
}
