export const education = [
  {
    title: 'B.Sc. in Computer Science and Engineering',
    period: 'Four-year degree · 2016 – 2020',
    summary:
      'Data structures, databases, computer networks and software engineering. Final-year project: a real-time stock and order tracker for a small electronics shop.',
  },
  {
    title: 'Full-Stack Web Development Programme',
    period: 'Six-month intensive course · 2021',
    summary: 'React, Node.js, Express and MongoDB, finished with a capstone e-commerce project and code reviews by working engineers.',
  },
  {
    title: 'Higher Secondary Certificate, Science',
    period: '2014 – 2016',
    summary: 'Mathematics, physics and information technology.',
  },
] as const;

/** The spec's static percentages, in its order: 95, 90, 75, 80, 70, 80, 100. */
export const skills = [
  { name: 'HTML5', percent: 95 },
  { name: 'CSS3 and responsive layout', percent: 90 },
  { name: 'JavaScript', percent: 75 },
  { name: 'React', percent: 80 },
  { name: 'Node.js and Express', percent: 70 },
  { name: 'MongoDB', percent: 80 },
  { name: 'Git and GitHub', percent: 100 },
] as const;

export const projects = [
  {
    title: 'PC PART PICKER storefront',
    summary:
      'This shop: a shell and three micro-frontends joined at run time with Module Federation, over an Express and MongoDB api.',
    links: [
      { label: 'Visit the storefront', to: '/' },
      { label: 'Browse the catalog', to: '/products' },
    ],
  },
  {
    title: 'Customer dashboard',
    summary: 'Profile, orders, card payments and star reviews for signed-in customers, deployed on its own.',
    links: [{ label: 'Open the dashboard', to: '/dashboard' }],
  },
  {
    title: 'Developer answers',
    summary: 'Six questions other developers asked about building the shop, answered in plain words.',
    links: [{ label: 'Read the blog', to: '/blogs' }],
  },
] as const;
