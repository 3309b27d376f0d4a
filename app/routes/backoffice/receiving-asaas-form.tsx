import { Form } from "react-router";
import { type AsaasField, COMPANY_TYPES } from "~/domain/payment-accounts/asaas-sub-account-form";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { NativeSelect } from "~/ui/select";

type Values = Partial<Record<AsaasField, string>>;

type TextField = {
  name: Exclude<AsaasField, "companyType">;
  label: string;
  hint?: string;
  wide?: boolean;
  input?: Partial<React.ComponentProps<typeof Input>>;
};

// In the order Asaas asks for them; the server checks each one (asaas-sub-account-form.ts).
const BEFORE_COMPANY: TextField[] = [
  { name: "name", label: "Nome completo ou razão social", wide: true, input: { autoComplete: "name" } },
  { name: "email", label: "E-mail", input: { type: "email", autoComplete: "email" } },
  { name: "cpfCnpj", label: "CPF ou CNPJ", input: { inputMode: "numeric" } },
  {
    name: "birthDate",
    label: "Data de nascimento",
    hint: "dd/mm/aaaa. Só para CPF.",
    input: { inputMode: "numeric", placeholder: "dd/mm/aaaa", maxLength: 10 },
  },
];

const AFTER_COMPANY: TextField[] = [
  {
    name: "mobilePhone",
    label: "Celular",
    input: { type: "tel", autoComplete: "tel-national", placeholder: "(00) 00000-0000" },
  },
  {
    name: "postalCode",
    label: "CEP",
    input: { inputMode: "numeric", autoComplete: "postal-code", maxLength: 9 },
  },
  { name: "address", label: "Endereço", wide: true, input: { autoComplete: "address-line1" } },
  { name: "addressNumber", label: "Número", input: { maxLength: 20 } },
  { name: "complement", label: "Complemento (opcional)", input: { maxLength: 60 } },
  { name: "province", label: "Bairro", input: { maxLength: 60 } },
  {
    name: "incomeValue",
    label: "Renda ou faturamento mensal (R$)",
    input: { inputMode: "decimal", placeholder: "0,00" },
  },
];

/** 'Conectar Asaas': the data Asaas needs to open the host's sub-account, refused field by field. */
export function ReceivingAsaasForm({
  values = {},
  errors = {},
  busy,
}: {
  values?: Values;
  errors?: Record<string, string>;
  busy: boolean;
}) {
  const text = (f: TextField) => (
    <Field
      key={f.name}
      label={f.label}
      hint={f.hint}
      error={errors[f.name]}
      className={f.wide ? "sm:col-span-2" : undefined}
    >
      {(control) => <Input {...control} {...f.input} name={f.name} defaultValue={values[f.name] ?? ""} />}
    </Field>
  );
  return (
    <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Dados da subconta Asaas">
      {BEFORE_COMPANY.map(text)}
      <Field label="Tipo de empresa" hint="Só para CNPJ." error={errors.companyType}>
        {(control) => (
          <NativeSelect {...control} name="companyType" defaultValue={values.companyType ?? ""}>
            <option value="">Não se aplica (CPF)</option>
            {Object.entries(COMPANY_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {AFTER_COMPANY.map(text)}
      <div className="sm:col-span-2">
        <Button type="submit" name="intent" value="asaas" disabled={busy}>
          Conectar Asaas
        </Button>
      </div>
    </Form>
  );
}
