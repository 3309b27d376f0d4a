// pt-BR texts of the team screens, the invitation page and their refusals.
export const TEAM_TEXT = {
  emailInvalid: "Informe um e-mail válido.",
  roleInvalid: "Escolha um papel: Proprietário, Gerente ou Equipe de limpeza.",
  inviteFailed: "Não foi possível enviar o convite",
  invited: "Convite enviado.",
  resent: "Convite reenviado. O novo link vale por 7 dias.",
  canceled: "Convite cancelado.",
  roleChanged: "Papel alterado.",
  removed: "Pessoa removida da equipe.",
  alreadyMember: "Esta pessoa já faz parte da equipe.",
  alreadyInvited: "Já existe um convite pendente para este e-mail. Use “Reenviar” na lista de convites.",
  invitationNotFound: "Convite não encontrado.",
  invitationNotPending: "Este convite já foi usado ou cancelado.",
  memberNotFound: "Membro não encontrado.",
  lastOwner:
    "A organização precisa de pelo menos um proprietário: o último não pode sair nem deixar de ser proprietário.",
  tooManyInvitations: (minutes: number) =>
    `Muitos convites enviados nesta última hora. Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
  // The invitation link
  linkUnknown: "Este link de convite não é válido. Se recebeu um convite mais novo, use o link dele.",
  linkExpired: "Este convite expirou. Peça a quem convidou você que envie um novo.",
  linkCanceled: "Este convite foi cancelado por quem o enviou.",
  linkUsed: "Este convite já foi usado. Entre com sua conta para acessar a organização.",
  wrongAccount: (email: string) =>
    `Este convite é para ${email}. Saia desta conta e entre com a conta convidada para aceitá-lo.`,
  accountExists: "Já existe uma conta com este e-mail. Entre com ela para aceitar o convite.",
  fullNameRequired: "Informe seu nome completo.",
  passwordTooShort: "A senha deve ter pelo menos 6 caracteres.",
  passwordTooLong: "A senha deve ter no máximo 128 caracteres.",
  passwordsDiffer: "As senhas não coincidem",
  joinFailed: "Não foi possível aceitar o convite",
  switchRefused: "Você não faz parte desta organização.",
  organizationRenamed: "Nome da organização atualizado.",
  organizationNameRequired: "Informe o nome da organização.",
  organizationNameTooLong: "O nome da organização deve ter no máximo 80 caracteres.",
  // 'Contato para os hóspedes'
  contactWhatsappInvalid: "Informe um WhatsApp brasileiro com DDD, como (48) 99999-8888.",
  contactPhoneInvalid: "Informe um telefone brasileiro com DDD, como (48) 3333-4444.",
  contactSaved: "Contato para os hóspedes salvo.",
} as const;
