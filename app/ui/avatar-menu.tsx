import { Bell, Check, LogOut } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Form } from "react-router";
import { displayName, initials } from "~/lib/initials";
import { buttonClasses } from "~/ui/button";
import { Link } from "~/ui/link";

export interface AvatarMenuProps {
  name: string | null | undefined;
  email: string;
  /** Where 'Sair' posts (the sign-out route); the server answers with the redirect. */
  signOutAction: string;
  /** The organizations the person belongs to; with more than one, the menu switches between them. */
  organizations?: { id: string; name: string }[];
  activeOrganizationId?: string;
  /** Where choosing an organization posts (`organizationId`); the server answers with the redirect. */
  switchAction?: string;
  /** The person's own notification settings page ('Notificações'). */
  notificationsHref?: string;
}

const itemClasses =
  "flex min-h-10 w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium " +
  "text-ink outline-none select-none data-highlighted:bg-brand-soft data-highlighted:text-brand";

/**
 * Account menu in the top bar: a round avatar with the initials opens the user's name, email, the
 * organizations they can act in (when more than one), 'Notificações' and 'Sair'.
 * Radix DropdownMenu gives the keyboard handling (Enter/Space/arrows open, Escape closes, focus returns).
 */
export function AvatarMenu({
  name,
  email,
  signOutAction,
  organizations = [],
  activeOrganizationId,
  switchAction,
  notificationsHref,
}: AvatarMenuProps) {
  const switchable = switchAction && organizations.length > 1;
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label="Menu da conta"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-semibold text-white hover:bg-brand-hover data-[state=open]:bg-brand-hover"
        >
          <span aria-hidden="true">{initials(name)}</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            collisionPadding={8}
            className="z-50 grid w-64 max-w-[calc(100vw-1rem)] gap-1 rounded-xl border border-border bg-surface p-1 text-ink shadow-lg motion-safe:animate-fade-in"
          >
            <DropdownMenu.Label className="grid min-w-0 gap-0.5 px-3 py-2">
              <span className="truncate text-sm font-semibold">{displayName(name)}</span>
              <span className="truncate text-sm text-muted">{email}</span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="-mx-1 h-px bg-border" />
            {switchable ? (
              <DropdownMenu.Group aria-label="Organização">
                <DropdownMenu.Label className="px-3 pt-1 text-xs font-semibold text-muted uppercase">
                  Organização
                </DropdownMenu.Label>
                {organizations.map((org) => {
                  const active = org.id === activeOrganizationId;
                  return (
                    <Form key={org.id} method="post" action={switchAction}>
                      <input type="hidden" name="organizationId" value={org.id} />
                      <DropdownMenu.Item asChild onSelect={(event) => event.preventDefault()}>
                        <button
                          type="submit"
                          className={itemClasses}
                          aria-current={active ? "true" : undefined}
                        >
                          <Check
                            className={`size-4 shrink-0 ${active ? "" : "invisible"}`}
                            aria-hidden="true"
                          />
                          <span className="truncate">{org.name}</span>
                        </button>
                      </DropdownMenu.Item>
                    </Form>
                  );
                })}
                <DropdownMenu.Separator className="-mx-1 h-px bg-border" />
              </DropdownMenu.Group>
            ) : null}
            {notificationsHref ? (
              <DropdownMenu.Item asChild>
                <Link to={notificationsHref} className={itemClasses}>
                  <Bell className="size-4 shrink-0" aria-hidden="true" />
                  Notificações
                </Link>
              </DropdownMenu.Item>
            ) : null}
            <Form method="post" action={signOutAction}>
              {/* Radix closes the menu synchronously on select, which would unmount this form before the
                  browser submits it; keeping it open lets the post go through (the redirect leaves the page). */}
              <DropdownMenu.Item asChild onSelect={(event) => event.preventDefault()}>
                <button type="submit" className={itemClasses}>
                  <LogOut className="size-4 shrink-0" aria-hidden="true" />
                  Sair
                </button>
              </DropdownMenu.Item>
            </Form>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {/* Without JavaScript the dropdown cannot open, so plain forms are shown instead. */}
      <noscript>
        {switchable ? (
          <Form method="post" action={switchAction} className="flex items-center gap-2">
            <select
              name="organizationId"
              defaultValue={activeOrganizationId}
              aria-label="Organização"
              className="h-9 rounded-lg border border-border bg-surface px-2 text-sm"
            >
              {organizations.map((org) => (
                <option key={org.id} value={org.id}>
                  {org.name}
                </option>
              ))}
            </select>
            <button type="submit" className={buttonClasses({ variant: "outline", size: "sm" })}>
              Trocar
            </button>
          </Form>
        ) : null}
        {notificationsHref ? (
          <a href={notificationsHref} className={buttonClasses({ variant: "outline", size: "sm" })}>
            Notificações
          </a>
        ) : null}
        <Form method="post" action={signOutAction}>
          <button type="submit" className={buttonClasses({ variant: "outline", size: "sm" })}>
            Sair
          </button>
        </Form>
      </noscript>
    </>
  );
}
