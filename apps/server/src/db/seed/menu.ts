import type { Cents, LocalizedText } from '@pizzeria/domain';
import type { Declaration } from './allergens.ts';
import type { TaxRateKey } from './store.ts';
import type { ToppingGroupKey } from './toppings.ts';

type SizePrices = readonly [small: Cents, medium: Cents, large: Cents];

export interface SeedProduct extends Declaration {
  /** The image's file name: /order-online/images/products/<slug>.svg. */
  slug: string;
  name: LocalizedText;
  description: LocalizedText;
  /** A simple product's price, or a pizza's price per size (PIZZA_SIZES). */
  price: Cents | SizePrices;
  /**
   * The bottle deposit (Pfand) per unit, if any: 0,25 € for a one-way bottle (Einweg, DPG), 0,08 € for a
   * reusable glass bottle (Mehrweg), 0,15 € for a reusable PET bottle. Wine bottles carry none.
   */
  deposit?: Cents;
  /** In the order the options dialog shows them; the first decides the quick-add (docs/product/shop.md). */
  toppingGroups: readonly ToppingGroupKey[];
}

export interface SeedCategory {
  name: LocalizedText;
  description: LocalizedText;
  tax: TaxRateKey;
  /** Its dishes are sold in halves too at every size (half-and-half): the pizzas, not drinks or desserts. */
  divisible?: boolean;
  products: readonly SeedProduct[];
}

export const PIZZA_SIZES: readonly LocalizedText[] = [
  { de: 'Klein Ø 26 cm', en: 'Small Ø 26 cm' },
  { de: 'Mittel Ø 30 cm', en: 'Medium Ø 30 cm' },
  { de: 'Groß Ø 36 cm', en: 'Large Ø 36 cm' },
];

const PIZZA_GROUPS = ['pizza-extras', 'cheese-crust'] as const;
const PIZZA_EXTRAS_ONLY = ['pizza-extras'] as const;
const SALAD_GROUPS = ['salad-dressing', 'salad-extras'] as const;

/** The menu in the order it is shown: categories, and products within them. */
export const MENU: readonly SeedCategory[] = [
  {
    name: { de: 'Vorspeisen', en: 'Starters' },
    description: { de: 'Zum Teilen oder als Auftakt.', en: 'To share, or to start with.' },
    tax: 'reduced',
    products: [
      {
        slug: 'pizzabrot',
        name: { de: 'Pizzabrot', en: 'Pizza bread' },
        description: {
          de: 'Knuspriges Brot aus unserem Pizzateig mit Knoblauch, Rosmarin und Olivenöl.',
          en: 'Crisp bread from our pizza dough with garlic, rosemary and olive oil.',
        },
        price: 450,
        allergens: ['a'],
        additives: [],
        toppingGroups: [],
      },
      {
        slug: 'bruschetta',
        name: { de: 'Bruschetta', en: 'Bruschetta' },
        description: {
          de: 'Geröstetes Ciabatta mit Tomatenwürfeln, Basilikum, Knoblauch und Olivenöl.',
          en: 'Toasted ciabatta topped with diced tomatoes, basil, garlic and olive oil.',
        },
        price: 590,
        allergens: ['a'],
        additives: [],
        toppingGroups: [],
      },
      {
        slug: 'antipasti-misti',
        name: { de: 'Antipasti misti', en: 'Antipasti misti' },
        description: {
          de: 'Gegrilltes Gemüse, Salami, Parmaschinken, Mozzarella und Oliven, dazu Ciabatta.',
          en: 'Grilled vegetables, salami, Parma ham, mozzarella and olives, served with ciabatta.',
        },
        price: 990,
        allergens: ['a', 'g', 'l'],
        additives: ['2', '3', '6', '8'],
        toppingGroups: [],
      },
    ],
  },
  {
    name: { de: 'Pizza', en: 'Pizza' },
    description: {
      de: 'Aus dem Steinofen, Teig 48 Stunden gereift, in drei Größen.',
      en: 'From the stone oven, dough rested for 48 hours, in three sizes.',
    },
    tax: 'reduced',
    divisible: true,
    products: [
      {
        slug: 'margherita',
        name: { de: 'Pizza Margherita', en: 'Pizza Margherita' },
        description: {
          de: 'Tomatensauce aus San-Marzano-Tomaten, Fior di Latte und frisches Basilikum.',
          en: 'San Marzano tomato sauce, fior di latte and fresh basil.',
        },
        price: [850, 1050, 1350],
        allergens: ['a', 'g'],
        additives: [],
        toppingGroups: PIZZA_GROUPS,
      },
      {
        slug: 'salami',
        name: { de: 'Pizza Salami', en: 'Pizza Salami' },
        description: {
          de: 'Tomatensauce, Mozzarella und würzige Rindersalami.',
          en: 'Tomato sauce, mozzarella and spicy beef salami.',
        },
        price: [950, 1150, 1450],
        allergens: ['a', 'g'],
        additives: ['2', '3', '8'],
        toppingGroups: PIZZA_GROUPS,
      },
      {
        slug: 'funghi',
        name: { de: 'Pizza Funghi', en: 'Pizza Funghi' },
        description: {
          de: 'Tomatensauce, Mozzarella und frische Champignons.',
          en: 'Tomato sauce, mozzarella and fresh mushrooms.',
        },
        price: [900, 1100, 1400],
        allergens: ['a', 'g'],
        additives: [],
        toppingGroups: PIZZA_GROUPS,
      },
      {
        slug: 'prosciutto',
        name: { de: 'Pizza Prosciutto', en: 'Pizza Prosciutto' },
        description: {
          de: 'Tomatensauce, Mozzarella und zarter Vorderschinken.',
          en: 'Tomato sauce, mozzarella and tender cooked ham.',
        },
        price: [950, 1150, 1450],
        allergens: ['a', 'g'],
        additives: ['2', '3', '8'],
        toppingGroups: PIZZA_GROUPS,
      },
      {
        slug: 'tonno',
        name: { de: 'Pizza Tonno', en: 'Pizza Tonno' },
        description: {
          de: 'Tomatensauce, Mozzarella, Thunfisch und rote Zwiebeln.',
          en: 'Tomato sauce, mozzarella, tuna and red onions.',
        },
        price: [1000, 1200, 1500],
        allergens: ['a', 'd', 'g'],
        additives: [],
        toppingGroups: PIZZA_EXTRAS_ONLY,
      },
      {
        slug: 'hawaii',
        name: { de: 'Pizza Hawaii', en: 'Pizza Hawaii' },
        description: {
          de: 'Tomatensauce, Mozzarella, Vorderschinken und Ananas.',
          en: 'Tomato sauce, mozzarella, cooked ham and pineapple.',
        },
        price: [990, 1190, 1490],
        allergens: ['a', 'g'],
        additives: ['2', '3', '8'],
        toppingGroups: PIZZA_GROUPS,
      },
      {
        slug: 'quattro-formaggi',
        name: { de: 'Pizza Quattro Formaggi', en: 'Pizza Quattro Formaggi' },
        description: {
          de: 'Vier Käse: Mozzarella, Gorgonzola, Fontina und Parmesan, ohne Tomatensauce.',
          en: 'Four cheeses: mozzarella, gorgonzola, fontina and parmesan, without tomato sauce.',
        },
        price: [1050, 1250, 1550],
        allergens: ['a', 'g'],
        additives: [],
        toppingGroups: PIZZA_GROUPS,
      },
      {
        slug: 'diavola',
        name: { de: 'Pizza Diavola', en: 'Pizza Diavola' },
        description: {
          de: 'Feurig: Tomatensauce, Mozzarella, scharfe Salami, Peperoni und Chili.',
          en: 'Fiery: tomato sauce, mozzarella, hot salami, hot peppers and chilli.',
        },
        price: [1000, 1200, 1500],
        allergens: ['a', 'g'],
        additives: ['2', '3', '8'],
        toppingGroups: PIZZA_GROUPS,
      },
      {
        slug: 'vegetariana',
        name: { de: 'Pizza Vegetariana', en: 'Pizza Vegetariana' },
        description: {
          de: 'Tomatensauce, Mozzarella, Paprika, Zucchini, Aubergine, Champignons, Zwiebeln und Oliven.',
          en: 'Tomato sauce, mozzarella, peppers, courgette, aubergine, mushrooms, onions and olives.',
        },
        price: [1000, 1200, 1500],
        allergens: ['a', 'g'],
        additives: ['6'],
        toppingGroups: PIZZA_EXTRAS_ONLY,
      },
      {
        slug: 'capricciosa',
        name: { de: 'Pizza Capricciosa', en: 'Pizza Capricciosa' },
        description: {
          de: 'Tomatensauce, Mozzarella, Vorderschinken, Champignons, Artischocken und Oliven.',
          en: 'Tomato sauce, mozzarella, cooked ham, mushrooms, artichokes and olives.',
        },
        price: [1050, 1250, 1550],
        allergens: ['a', 'g'],
        additives: ['2', '3', '6', '8'],
        toppingGroups: PIZZA_EXTRAS_ONLY,
      },
      {
        slug: 'frutti-di-mare',
        name: { de: 'Pizza Frutti di Mare', en: 'Pizza Frutti di Mare' },
        description: {
          de: 'Tomatensauce, Garnelen, Miesmuscheln, Tintenfisch, Knoblauch und Petersilie.',
          en: 'Tomato sauce, prawns, mussels, squid, garlic and parsley.',
        },
        price: [1200, 1400, 1700],
        allergens: ['a', 'b', 'g', 'n'],
        additives: [],
        toppingGroups: PIZZA_EXTRAS_ONLY,
      },
      {
        slug: 'spinaci',
        name: { de: 'Pizza Spinaci', en: 'Pizza Spinaci' },
        description: {
          de: 'Tomatensauce, Mozzarella, Blattspinat, Ricotta und Knoblauch.',
          en: 'Tomato sauce, mozzarella, leaf spinach, ricotta and garlic.',
        },
        price: [1000, 1200, 1500],
        allergens: ['a', 'g'],
        additives: [],
        toppingGroups: PIZZA_GROUPS,
      },
    ],
  },
  {
    name: { de: 'Pasta', en: 'Pasta' },
    description: {
      de: 'Frisch gekocht und mit Parmesan serviert.',
      en: 'Cooked to order and served with parmesan.',
    },
    tax: 'reduced',
    products: [
      {
        slug: 'spaghetti-bolognese',
        name: { de: 'Spaghetti Bolognese', en: 'Spaghetti Bolognese' },
        description: {
          de: 'Langsam geschmortes Ragù vom Rind mit Tomaten, Karotten und Sellerie.',
          en: 'Slow-cooked beef ragù with tomatoes, carrots and celery.',
        },
        price: 950,
        allergens: ['a', 'g', 'i'],
        additives: [],
        toppingGroups: ['pasta-extras'],
      },
      {
        slug: 'spaghetti-carbonara',
        name: { de: 'Spaghetti Carbonara', en: 'Spaghetti Carbonara' },
        description: {
          de: 'Wie in Rom: knuspriger Guanciale, Eigelb, Pecorino und schwarzer Pfeffer.',
          en: 'The Roman way: crisp guanciale, egg yolk, pecorino and black pepper.',
        },
        price: 1050,
        allergens: ['a', 'c', 'g'],
        additives: ['2', '3'],
        toppingGroups: ['pasta-extras'],
      },
      {
        slug: 'penne-arrabbiata',
        name: { de: "Penne all'Arrabbiata", en: "Penne all'Arrabbiata" },
        description: {
          de: 'Scharfe Tomatensauce mit Knoblauch, Chili und glatter Petersilie.',
          en: 'Spicy tomato sauce with garlic, chilli and flat-leaf parsley.',
        },
        price: 890,
        allergens: ['a'],
        additives: [],
        toppingGroups: ['pasta-extras'],
      },
      {
        slug: 'lasagne',
        name: { de: 'Lasagne al forno', en: 'Lasagne al forno' },
        description: {
          de: 'Hausgemacht mit Rinderragù und Béchamel, mit Mozzarella überbacken.',
          en: 'Homemade with beef ragù and béchamel, baked with mozzarella.',
        },
        price: 1090,
        allergens: ['a', 'c', 'g', 'i'],
        additives: [],
        toppingGroups: ['pasta-extras'],
      },
      {
        slug: 'tortellini-panna',
        name: { de: 'Tortellini alla Panna', en: 'Tortellini alla Panna' },
        description: {
          de: 'Mit Käse gefüllte Tortellini in Sahnesauce mit Vorderschinken und Erbsen.',
          en: 'Cheese-filled tortellini in a cream sauce with cooked ham and peas.',
        },
        price: 1050,
        allergens: ['a', 'c', 'g'],
        additives: ['2', '3', '8'],
        toppingGroups: ['pasta-extras'],
      },
      {
        slug: 'gnocchi-gorgonzola',
        name: { de: 'Gnocchi al Gorgonzola', en: 'Gnocchi al Gorgonzola' },
        description: {
          de: 'Kartoffelgnocchi in cremiger Gorgonzolasauce mit gerösteten Walnüssen.',
          en: 'Potato gnocchi in a creamy gorgonzola sauce with toasted walnuts.',
        },
        price: 1090,
        allergens: ['a', 'c', 'g', 'h'],
        additives: [],
        toppingGroups: ['pasta-extras'],
      },
    ],
  },
  {
    name: { de: 'Salate', en: 'Salads' },
    description: {
      de: 'Knackig und frisch, mit Dressing nach Wahl und Pizzabrötchen.',
      en: 'Crisp and fresh, with a dressing of your choice and a bread roll.',
    },
    tax: 'reduced',
    products: [
      {
        slug: 'insalata-mista',
        name: { de: 'Insalata Mista', en: 'Insalata Mista' },
        description: {
          de: 'Gemischte Blattsalate mit Tomaten, Gurke, Paprika, Karotten und roten Zwiebeln.',
          en: 'Mixed leaves with tomatoes, cucumber, peppers, carrots and red onions.',
        },
        price: 690,
        allergens: ['a'],
        additives: [],
        toppingGroups: SALAD_GROUPS,
      },
      {
        slug: 'insalata-caprese',
        name: { de: 'Insalata Caprese', en: 'Insalata Caprese' },
        description: {
          de: 'Strauchtomaten, Büffelmozzarella und Basilikum auf Rucola.',
          en: 'Vine tomatoes, buffalo mozzarella and basil on rocket.',
        },
        price: 890,
        allergens: ['a', 'g'],
        additives: [],
        toppingGroups: SALAD_GROUPS,
      },
      {
        slug: 'caesar-salad',
        name: { de: 'Caesar Salad', en: 'Caesar salad' },
        description: {
          de: 'Römersalat mit gebratener Hähnchenbrust, Parmesan, Croutons und Caesar-Dressing.',
          en: 'Romaine lettuce with pan-fried chicken breast, parmesan, croutons and Caesar dressing.',
        },
        price: 1050,
        allergens: ['a', 'c', 'd', 'g', 'j'],
        additives: [],
        toppingGroups: ['salad-extras'],
      },
      {
        slug: 'insalata-tonno',
        name: { de: 'Insalata Tonno', en: 'Insalata Tonno' },
        description: {
          de: 'Blattsalate mit Thunfisch, Ei, roten Zwiebeln, Oliven und Tomaten.',
          en: 'Mixed leaves with tuna, egg, red onions, olives and tomatoes.',
        },
        price: 950,
        allergens: ['a', 'c', 'd'],
        additives: ['6'],
        toppingGroups: SALAD_GROUPS,
      },
    ],
  },
  {
    name: { de: 'Desserts', en: 'Desserts' },
    description: { de: 'Süßes zum Abschluss.', en: 'Something sweet to finish.' },
    tax: 'reduced',
    products: [
      {
        slug: 'tiramisu',
        name: { de: 'Tiramisù', en: 'Tiramisù' },
        description: {
          de: 'Hausgemacht: Löffelbiskuits in Espresso, Mascarpone-Creme und Kakao.',
          en: 'Homemade: espresso-soaked ladyfingers, mascarpone cream and cocoa.',
        },
        price: 550,
        allergens: ['a', 'c', 'g'],
        additives: [],
        toppingGroups: [],
      },
      {
        slug: 'panna-cotta',
        name: { de: 'Panna Cotta', en: 'Panna cotta' },
        description: {
          de: 'Vanille-Sahnepudding mit Waldbeerensauce.',
          en: 'Vanilla cream pudding with a forest berry sauce.',
        },
        price: 490,
        allergens: ['g'],
        additives: [],
        toppingGroups: [],
      },
      {
        slug: 'tartufo',
        name: { de: 'Tartufo nero', en: 'Tartufo nero' },
        description: {
          de: 'Schokoladeneis mit Zabaione-Kern in Kakaopulver und gehackten Haselnüssen.',
          en: 'Chocolate ice cream with a zabaione heart, rolled in cocoa and chopped hazelnuts.',
        },
        price: 550,
        allergens: ['c', 'f', 'g', 'h'],
        additives: [],
        toppingGroups: [],
      },
    ],
  },
  {
    name: { de: 'Getränke', en: 'Drinks' },
    description: { de: 'Gut gekühlt.', en: 'Served chilled.' },
    tax: 'standard',
    products: [
      {
        slug: 'cola',
        name: { de: 'Cola 0,33 l', en: 'Cola 0.33 l' },
        description: { de: 'Eiskalt aus der Flasche.', en: 'Ice-cold, by the bottle.' },
        price: 290,
        deposit: 8, // reusable glass
        allergens: [],
        additives: ['1', '11'],
        toppingGroups: [],
      },
      {
        slug: 'lemonade',
        name: { de: 'Orangenlimonade 0,33 l', en: 'Orange soda 0.33 l' },
        description: { de: 'Spritzig mit Orangensaft.', en: 'Sparkling, with orange juice.' },
        price: 290,
        deposit: 8, // reusable glass
        allergens: [],
        additives: ['1', '9'],
        toppingGroups: [],
      },
      {
        slug: 'mineral-water',
        name: { de: 'Mineralwasser 0,5 l', en: 'Mineral water 0.5 l' },
        description: { de: 'Mit Kohlensäure.', en: 'Sparkling.' },
        price: 250,
        deposit: 15, // reusable PET
        allergens: [],
        additives: [],
        toppingGroups: [],
      },
      {
        slug: 'apple-spritzer',
        name: { de: 'Apfelschorle 0,5 l', en: 'Apple spritzer 0.5 l' },
        description: {
          de: 'Naturtrüber Apfelsaft mit Mineralwasser.',
          en: 'Cloudy apple juice topped up with sparkling water.',
        },
        price: 320,
        deposit: 25, // one-way PET
        allergens: [],
        additives: [],
        toppingGroups: [],
      },
      {
        slug: 'pils',
        name: { de: 'Pils 0,5 l', en: 'Pilsner 0.5 l' },
        description: {
          de: 'Herb und frisch. Abgabe nur ab 16 Jahren.',
          en: 'Crisp and hoppy. Sold to over-16s only.',
        },
        price: 390,
        deposit: 8, // reusable glass
        allergens: ['a'],
        additives: [],
        toppingGroups: [],
      },
      {
        slug: 'red-wine',
        name: { de: "Montepulciano d'Abruzzo 0,2 l", en: "Montepulciano d'Abruzzo 0.2 l" },
        description: {
          de: 'Trockener Rotwein aus den Abruzzen, kräftig und fruchtig. Abgabe nur ab 16 Jahren.',
          en: 'Dry red wine from Abruzzo, full-bodied and fruity. Sold to over-16s only.',
        },
        price: 590,
        allergens: ['l'],
        additives: [],
        toppingGroups: [],
      },
    ],
  },
];
