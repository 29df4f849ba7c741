export interface BlogPost {
  id: string;
  topic: string;
  question: string;
  /** Paragraphs of the answer. */
  answer: string[];
}

/** Six questions developers asked about how this shop is built, with our answers. */
export const blogPosts: readonly BlogPost[] = [
  {
    id: 'module-federation-react',
    topic: 'Micro-frontends',
    question: 'How does Module Federation share one copy of React between the shell and the remotes?',
    answer: [
      'Every build (the shell and each remote) lists react, react-dom and our contracts package (which also carries the router) as shared singletons. When the shell starts, the Module Federation runtime records the copies it has loaded. When a remote’s remoteEntry.js arrives later, it asks the runtime for those modules instead of loading the copies bundled with it.',
      'One React matters because hooks and context live inside that one module: a second copy would fail with “Invalid hook call”, and a second copy of our auth store would never hear that you signed in. Keep the version ranges in every package.json compatible; when they are not, the runtime warns and quietly loads another copy.',
    ],
  },
  {
    id: 'server-recomputes-totals',
    topic: 'Security',
    question: 'Why does the server recompute order totals instead of trusting the browser?',
    answer: [
      'Anything a browser sends can be changed on the way: in the developer tools, with curl, or by a browser extension. If the api accepted a total from the order form, anyone could order a graphics card for one cent.',
      'So the order endpoint ignores any price or total in the request. It looks the part up by its id, reads the unit price from the database, checks the quantity against the minimum order and the stock, and multiplies itself. The total shown on the form is a preview; the payment amount always comes from the stored order.',
    ],
  },
  {
    id: 'prices-in-cents',
    topic: 'Data',
    question: 'Why are prices stored as whole cents and not as decimal dollars?',
    answer: [
      'Binary floating-point numbers cannot hold most decimal fractions exactly: in JavaScript 0.1 + 0.2 is 0.30000000000000004. Add up enough line items and the total is a cent off, which is enough to fail a reconciliation.',
      'We store $189.99 as the integer 18999, multiply and add integers only, and turn cents into dollars at the very last moment with Intl.NumberFormat. Card payment providers count in the smallest currency unit as well, so the amount goes to them unchanged.',
    ],
  },
  {
    id: 'filters-in-the-url',
    topic: 'Front end',
    question: 'How does the catalog keep its filters shareable?',
    answer: [
      'The catalog has no filter state of its own: the category, the search text, the order and the page live in the URL, with the same names the api uses (category, q, sort and page). Changing a filter navigates to a new URL; the page reads the URL and asks the api for exactly that.',
      'That gives three things for free: a link you paste to a friend opens the same results, Back and Forward move through your searches, and a value that makes no sense (page=0, an unknown category) is simply dropped instead of breaking the page.',
    ],
  },
  {
    id: 'remote-down',
    topic: 'Resilience',
    question: 'What happens when one part of the shop is down?',
    answer: [
      'The shell loads each remote at run time, inside an error boundary. If a remote’s manifest cannot be fetched, or its code throws, only its own routes show “This part of the shop is unavailable right now” with a Retry button; the navbar, the footer and the other remotes keep working.',
      'Retry has a subtlety: a rejected React.lazy component stays rejected for ever. So Retry registers the remote again and creates a new lazy component, and a remote that has come back renders without reloading the page.',
    ],
  },
  {
    id: 'escape-search-text',
    topic: 'Databases',
    question: 'Why is the search text escaped before it reaches MongoDB?',
    answer: [
      'The catalog search matches your words inside part names and descriptions with a case-insensitive regular expression. Passed through unchanged, the text would be a pattern, not words: “(2x” is an invalid pattern that fails the request, and “.*” matches every part.',
      'The api escapes every regex metacharacter, so the text is searched for literally, caps it at 100 characters, and validates the whole query with a strict schema first: a crafted parameter such as q[$ne]= never reaches the database as an operator.',
    ],
  },
];
