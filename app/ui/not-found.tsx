import { useEffect } from "react";

/** The 404 page, texts as the spec gives them; the attempted path goes to the browser console too. */
export function NotFound({ path }: { path: string }) {
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", path);
  }, [path]);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-surface p-6">
      <div className="text-center">
        <h1 className="mb-4 text-4xl font-bold">404</h1>
        <p className="mb-4 text-xl text-muted">Oops! Page not found</p>
        <a href="/" className="text-brand underline hover:opacity-80">
          Return to Home
        </a>
      </div>
    </main>
  );
}
