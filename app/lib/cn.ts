import { type ClassValue, clsx } from "clsx";

export type { ClassValue };

// Plain clsx, no tailwind-merge (guest bundle weight): a className passed to a
// component is appended, so override conflicting utilities with care.
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
