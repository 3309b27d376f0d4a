const unitsFormat = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** A forecast's units as pt-BR writes them, to one decimal: "2,3". */
export function formatForecastUnits(units: number): string {
  return unitsFormat.format(units);
}
