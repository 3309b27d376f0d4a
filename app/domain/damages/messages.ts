// pt-BR texts of damage records ('Avarias', issue 23).
export const DAMAGE_TEXT = {
  notFound: "Avaria não encontrada",
  propertyNotFound: "Imóvel não encontrado.",
  stayNotFound: "Estadia não encontrada neste imóvel.",
  titleRequired: "Informe um título para a avaria.",
  titleTooLong: "O título pode ter até 120 caracteres.",
  descriptionTooLong: "A descrição pode ter até 4.000 caracteres.",
  tooManyPhotosPerRequest: "Envie até 10 fotos de cada vez.",
  tooManyPhotos: "Uma avaria pode ter até 30 fotos.",
  noPhotos: "Escolha pelo menos uma foto.",
  photosClosed: (label: string) => `Esta avaria está '${label}': não recebe mais fotos.`,
  itemsClosed: (label: string) => `Esta avaria está '${label}': os itens não podem mais mudar.`,
  tooManyItems: "Uma avaria pode ter até 30 itens.",
  itemDescription: "Descreva o item em até 200 caracteres.",
  itemAmount: "Informe um valor maior que zero, até R$ 1.000.000,00.",
  recoveredAmount: "Informe o 'Valor recuperado': maior que zero, até R$ 1.000.000,00.",
  cannotMove: (from: string, to: string) => `Uma avaria '${from}' não pode passar para '${to}'.`,
  moved: (label: string) => `Esta avaria já está '${label}': a página foi atualizada.`,
  statusFailed: "Erro ao atualizar o status",
  photoNotFound: "Foto não encontrada.",
  created: "Avaria registrada",
  photosAdded: (n: number) => (n === 1 ? "1 foto adicionada" : `${n} fotos adicionadas`),
  itemsSaved: "Itens salvos",
  detailsSaved: "Avaria atualizada",
  photoRemoved: "Foto removida",
  statusUpdated: (label: string) => `Status atualizado para: ${label}`,
  noStay: "Sem estadia",
  empty: "Nenhuma avaria registrada",
  emptyHint:
    "Registre aqui o que um hóspede danificou, com fotos e valores, para pedir o reembolso à plataforma dentro do prazo.",
  emptyFiltered: "Nenhuma avaria com estes filtros.",
} as const;

/** The timeline's sentence of each event kind. */
export const EVENT_LABEL: Record<string, string> = {
  created: "Avaria registrada",
  photo_added: "Fotos adicionadas",
  photo_removed: "Foto removida",
  items_changed: "Itens alterados",
  details_changed: "Título ou descrição alterados",
  status_changed: "Status alterado",
};

export const MAX_ITEMS = 30;
export const MAX_PHOTOS_PER_REQUEST = 10;
export const MAX_PHOTOS = 30;
/** R$ 1.000.000,00: the highest amount of an item and of what is recovered (the table's check). */
export const MAX_DAMAGE_CENTS = 100_000_000;
