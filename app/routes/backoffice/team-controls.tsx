import { Form } from "react-router";
import { ROLES } from "~/domain/team/permissions";
import { ROLE_LABELS } from "~/domain/team/roles";
import { Button } from "~/ui/button";

/** The roles a member can be given, as a select's options. */
export function RoleOptions() {
  return ROLES.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}

/** A post of one intent about one row (a member or an invitation), as a single button. */
export function RowAction({
  intent,
  id,
  label,
  ...button
}: { intent: string; id: string; label: string } & Pick<
  React.ComponentProps<typeof Button>,
  "variant" | "disabled" | "onClick" | "children"
>) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" aria-label={label} {...button} />
    </Form>
  );
}
