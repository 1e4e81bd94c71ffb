// Deterministic pseudo-random demo data: the same seed gives the same names,
// companies and addresses on every machine.

/** mulberry32: a small, fast, deterministic generator. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const digits = (n: number) => Array.from({ length: n }, () => String(int(0, 9))).join("");
  const chance = (p: number) => next() < p;
  return { next, int, pick, digits, chance };
}

export type Random = ReturnType<typeof createRandom>;

export const FIRST_NAMES = [
  "James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
  "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen",
  "Christopher", "Lisa", "Daniel", "Nancy", "Matthew", "Betty", "Anthony", "Sandra", "Mark", "Margaret",
  "Donald", "Ashley", "Steven", "Kimberly", "Andrew", "Emily", "Paul", "Donna", "Joshua", "Michelle",
  "Kenneth", "Carol", "Kevin", "Amanda", "Brian", "Melissa", "George", "Deborah", "Timothy", "Stephanie",
  "Luis", "Rosa", "Wei", "Aisha", "Tomas", "Ingrid", "Rahul", "Mei", "Kwame", "Sofia",
] as const;

export const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
  "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
  "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
  "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
  "Okafor", "Lindqvist", "Patel", "Chen", "Mensah", "Kowalski", "O'Brien", "Haddad", "Novak", "Fischer",
] as const;

export const MIDDLE_INITIALS = ["A", "B", "C", "D", "E", "F", "G", "H", "J", "K", "L", "M", "N", "P", "R", "S", "T", "W"] as const;

const COMPANY_FIRST = [
  "Summit", "Keystone", "Harbor", "Pinnacle", "Liberty", "Cornerstone", "Evergreen", "Prairie",
  "Beacon", "Heritage Trail", "Blue Ridge", "Golden Gate", "Lakeshore", "Red Oak", "Silver Creek", "Magnolia",
] as const;
const COMPANY_SECOND = ["Insurance Group", "Benefits", "Financial Partners", "Insurance Agency", "Health Advisors", "Life Brokerage"] as const;
const COMPANY_SUFFIX = ["LLC", "Inc.", "Corp.", "LLC", "Inc."] as const;

export function companyName(r: Random): string {
  return `${r.pick(COMPANY_FIRST)} ${r.pick(COMPANY_SECOND)} ${r.pick(COMPANY_SUFFIX)}`;
}

const STREETS = [
  "Main St", "Oak Ave", "Maple Dr", "Cedar Ln", "Park Blvd", "Washington St", "Lake Rd", "Hillcrest Dr",
  "Elm St", "Sunset Blvd", "River Rd", "Church St", "Highland Ave", "Meadow Ln", "Franklin Ave", "Pine St",
] as const;

/** Real cities with a plausible ZIP code and telephone area code. */
export const PLACES = [
  { city: "Hartford", stateCode: "CT", zip: "06103", area: "860" },
  { city: "Columbus", stateCode: "OH", zip: "43215", area: "614" },
  { city: "Des Moines", stateCode: "IA", zip: "50309", area: "515" },
  { city: "Omaha", stateCode: "NE", zip: "68102", area: "402" },
  { city: "Austin", stateCode: "TX", zip: "78701", area: "512" },
  { city: "Dallas", stateCode: "TX", zip: "75201", area: "214" },
  { city: "Tampa", stateCode: "FL", zip: "33602", area: "813" },
  { city: "Orlando", stateCode: "FL", zip: "32801", area: "407" },
  { city: "Atlanta", stateCode: "GA", zip: "30303", area: "404" },
  { city: "Charlotte", stateCode: "NC", zip: "28202", area: "704" },
  { city: "Nashville", stateCode: "TN", zip: "37203", area: "615" },
  { city: "Phoenix", stateCode: "AZ", zip: "85004", area: "602" },
  { city: "Denver", stateCode: "CO", zip: "80202", area: "303" },
  { city: "Indianapolis", stateCode: "IN", zip: "46204", area: "317" },
  { city: "Kansas City", stateCode: "MO", zip: "64106", area: "816" },
  { city: "Milwaukee", stateCode: "WI", zip: "53202", area: "414" },
  { city: "Harrisburg", stateCode: "PA", zip: "17101", area: "717" },
  { city: "Richmond", stateCode: "VA", zip: "23219", area: "804" },
  { city: "Boise", stateCode: "ID", zip: "83702", area: "208" },
  { city: "Billings", stateCode: "MT", zip: "59101", area: "406" },
] as const;

export type Place = (typeof PLACES)[number];

export function address(r: Random) {
  const place = r.pick(PLACES);
  return {
    address1: `${r.int(100, 9899)} ${r.pick(STREETS)}`,
    address2: r.chance(0.2) ? `Suite ${r.int(100, 499)}` : null,
    city: place.city,
    stateCode: place.stateCode,
    zipCode: place.zip,
    place,
  };
}

/** A 10-digit phone number in the 555-01xx range reserved for fiction. */
export function phone(r: Random, area = "800"): string {
  return `${area}55501${r.digits(2)}`;
}

/** A 9-digit SSN in the 9xx area, never issued as an SSN. */
export function fakeSsn(r: Random): string {
  return `9${r.digits(2)}${r.int(10, 99)}${r.digits(4)}`;
}
