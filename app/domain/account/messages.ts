// pt-BR texts of the account screens. The spec's own texts are used as written (part 1 §2, §8; part 2 §8).
export const ACCOUNT_TEXT = {
  loginFailed: "Erro ao realizar login",
  wrongCredentials: "E-mail ou senha incorretos.",
  confirmFirst:
    "Confirme seu e-mail antes de entrar: enviamos um link quando você criou a conta. Não encontrou? Peça um novo link abaixo.",
  signUpOk: "Conta criada com sucesso! Verifique seu e-mail para confirmar o registro.",
  signUpFailed: "Erro ao criar conta",
  recoveryOk: "Link de recuperação enviado para seu e-mail",
  recoveryFailed: "Erro ao enviar e-mail de recuperação",
  resendOk: "Se a conta existir e ainda não estiver confirmada, enviamos um novo link de confirmação.",
  passwordsDiffer: "As senhas não coincidem",
  resetLinkInvalid: "Link de recuperação inválido",
  resetLinkUsed: "Este link de recuperação expirou ou já foi usado. Peça um novo.",
  passwordUpdated: "Senha atualizada com sucesso!",
  passwordUpdateFailed: "Erro ao atualizar senha",
  fullNameRequired: "Informe seu nome completo.",
  emailInvalid: "Informe um e-mail válido.",
  passwordRequired: "Informe sua senha.",
  passwordTooShort: "A senha deve ter pelo menos 6 caracteres.",
  passwordTooLong: "A senha deve ter no máximo 128 caracteres.",
  confirmationRequired: "Confirme a nova senha.",
} as const;

/** 'Tente novamente em 1 minuto' / 'em 12 minutos'. */
export function tooManyAttempts(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Muitas tentativas. Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;
}
