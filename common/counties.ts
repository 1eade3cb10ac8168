/**
 * Romania's 41 counties (județe) and the capital, by their licence-plate codes: the location value set
 * of ads and of the browse filter. `seat` is the county seat, `places` are other names people write
 * for a place in the county (free text is mapped to a county through them, see countyOfPlace).
 */
export const COUNTIES = [
  { code: 'AB', name: 'Alba', seat: 'Alba Iulia', places: ['Sebeș', 'Aiud', 'Blaj'] },
  { code: 'AR', name: 'Arad', seat: 'Arad', places: [] },
  { code: 'AG', name: 'Argeș', seat: 'Pitești', places: ['Câmpulung', 'Curtea de Argeș'] },
  { code: 'BC', name: 'Bacău', seat: 'Bacău', places: ['Onești', 'Moinești'] },
  { code: 'BH', name: 'Bihor', seat: 'Oradea', places: ['Salonta', 'Marghita'] },
  { code: 'BN', name: 'Bistrița-Năsăud', seat: 'Bistrița', places: [] },
  { code: 'BT', name: 'Botoșani', seat: 'Botoșani', places: ['Dorohoi'] },
  { code: 'BV', name: 'Brașov', seat: 'Brașov', places: ['Făgăraș', 'Săcele', 'Codlea'] },
  { code: 'BR', name: 'Brăila', seat: 'Brăila', places: [] },
  {
    code: 'B',
    name: 'București',
    seat: 'București',
    places: ['Bucharest', 'Sector 1', 'Sector 2', 'Sector 3', 'Sector 4', 'Sector 5', 'Sector 6'],
  },
  { code: 'BZ', name: 'Buzău', seat: 'Buzău', places: ['Râmnicu Sărat'] },
  { code: 'CS', name: 'Caraș-Severin', seat: 'Reșița', places: ['Caransebeș'] },
  { code: 'CL', name: 'Călărași', seat: 'Călărași', places: ['Oltenița'] },
  { code: 'CJ', name: 'Cluj', seat: 'Cluj-Napoca', places: ['Turda', 'Dej', 'Câmpia Turzii', 'Florești'] },
  { code: 'CT', name: 'Constanța', seat: 'Constanța', places: ['Mangalia', 'Medgidia', 'Năvodari'] },
  { code: 'CV', name: 'Covasna', seat: 'Sfântu Gheorghe', places: ['Târgu Secuiesc'] },
  { code: 'DB', name: 'Dâmbovița', seat: 'Târgoviște', places: ['Moreni'] },
  { code: 'DJ', name: 'Dolj', seat: 'Craiova', places: ['Băilești', 'Calafat'] },
  { code: 'GL', name: 'Galați', seat: 'Galați', places: ['Tecuci'] },
  { code: 'GR', name: 'Giurgiu', seat: 'Giurgiu', places: [] },
  { code: 'GJ', name: 'Gorj', seat: 'Târgu Jiu', places: ['Motru'] },
  { code: 'HR', name: 'Harghita', seat: 'Miercurea Ciuc', places: ['Odorheiu Secuiesc', 'Gheorgheni'] },
  { code: 'HD', name: 'Hunedoara', seat: 'Deva', places: ['Hunedoara', 'Petroșani', 'Orăștie'] },
  { code: 'IL', name: 'Ialomița', seat: 'Slobozia', places: ['Fetești', 'Urziceni'] },
  { code: 'IS', name: 'Iași', seat: 'Iași', places: ['Pașcani'] },
  {
    code: 'IF',
    name: 'Ilfov',
    seat: 'Buftea',
    places: ['Voluntari', 'Otopeni', 'Popești-Leordeni', 'Bragadiru', 'Chiajna'],
  },
  { code: 'MM', name: 'Maramureș', seat: 'Baia Mare', places: ['Sighetu Marmației', 'Borșa'] },
  { code: 'MH', name: 'Mehedinți', seat: 'Drobeta-Turnu Severin', places: ['Turnu Severin', 'Orșova'] },
  { code: 'MS', name: 'Mureș', seat: 'Târgu Mureș', places: ['Reghin', 'Sighișoara', 'Târnăveni'] },
  { code: 'NT', name: 'Neamț', seat: 'Piatra Neamț', places: ['Roman', 'Târgu Neamț'] },
  { code: 'OT', name: 'Olt', seat: 'Slatina', places: ['Caracal'] },
  { code: 'PH', name: 'Prahova', seat: 'Ploiești', places: ['Câmpina', 'Sinaia', 'Bușteni'] },
  { code: 'SM', name: 'Satu Mare', seat: 'Satu Mare', places: ['Carei'] },
  { code: 'SJ', name: 'Sălaj', seat: 'Zalău', places: ['Șimleu Silvaniei'] },
  { code: 'SB', name: 'Sibiu', seat: 'Sibiu', places: ['Mediaș', 'Cisnădie'] },
  {
    code: 'SV',
    name: 'Suceava',
    seat: 'Suceava',
    places: ['Fălticeni', 'Rădăuți', 'Câmpulung Moldovenesc', 'Vatra Dornei'],
  },
  { code: 'TR', name: 'Teleorman', seat: 'Alexandria', places: ['Roșiorii de Vede', 'Turnu Măgurele'] },
  { code: 'TM', name: 'Timiș', seat: 'Timișoara', places: ['Lugoj'] },
  { code: 'TL', name: 'Tulcea', seat: 'Tulcea', places: [] },
  { code: 'VS', name: 'Vaslui', seat: 'Vaslui', places: ['Bârlad', 'Huși'] },
  { code: 'VL', name: 'Vâlcea', seat: 'Râmnicu Vâlcea', places: ['Drăgășani'] },
  { code: 'VN', name: 'Vrancea', seat: 'Focșani', places: ['Adjud'] },
] as const;

export type CountyCode = (typeof COUNTIES)[number]['code'];
export const COUNTY_CODES = COUNTIES.map((county) => county.code) as [CountyCode, ...CountyCode[]];

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const BY_PLACE = new Map<string, CountyCode>();
for (const county of COUNTIES) {
  for (const place of [county.seat, ...county.places, county.name, `judetul ${county.name}`]) {
    BY_PLACE.set(fold(place), county.code);
  }
}

/** The county a free-text place names ('Cluj-Napoca', 'jud. Cluj', 'Sector 3'), or null. */
export function countyOfPlace(text: string | null | undefined): CountyCode | null {
  const folded = fold(text ?? '').replace(/^(jud|judet|judetul|municipiul|mun|oras|orasul)\s+/, '');
  if (!folded) return null;
  const exact = BY_PLACE.get(folded);
  if (exact) return exact;
  // "Turda, Cluj" or "Cluj-Napoca (centru)": the longest known place the text contains as whole words.
  let best: { code: CountyCode; length: number } | null = null;
  for (const [place, code] of BY_PLACE) {
    if (place.length > (best?.length ?? 0) && ` ${folded} `.includes(` ${place} `))
      best = { code, length: place.length };
  }
  return best?.code ?? null;
}

/** Words that name a place but mean something else in a search ("albă" is white). */
const NOT_PLACES = new Set(['alba', 'roman', 'olt', 'carei', 'motru']);

/** The county a place name stands for exactly ('cluj', 'cluj napoca', 'brasov', 'sector 3'), or null. */
export function countyOfName(text: string): CountyCode | null {
  const folded = fold(text);
  return NOT_PLACES.has(folded) ? null : (BY_PLACE.get(folded) ?? null);
}

export function countyName(code: string | null | undefined): string | null {
  return COUNTIES.find((county) => county.code === code)?.name ?? null;
}
