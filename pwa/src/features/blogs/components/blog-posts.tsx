import type { ReactNode } from 'react'
import { CodeSample } from './blog-entry'

export interface BlogPost {
  id: string
  question: string
  answer: ReactNode
}

// Written by the Rehome team. Kept short: each answer is an overview with a
// pointer to what to read next, not a full tutorial.
export const blogPosts: BlogPost[] = [
  {
    id: 'react-state',
    question: 'What are the different ways to manage a state in a React application?',
    answer: (
      <>
        <p>
          State is any data that changes over time and changes what the screen shows. React offers a few built-in tools
          and the ecosystem adds more; the main skill is picking the right home for each piece of state. A good rule is
          to keep state as close as possible to the components that use it, and move it up only when it must be
          shared.
        </p>
        <ul>
          <li>
            <strong>Local state</strong> with <code>useState</code> or <code>useReducer</code>: an open menu, the text
            in an input, the selected tab. When two siblings need the same value, lift it to their nearest common parent
            and pass it down as props.
          </li>
          <li>
            <strong>Context</strong> (<code>createContext</code> and <code>useContext</code>) passes a value to a deep
            tree without threading props through every level. It suits data that many components read and that rarely
            changes, such as the theme, the language or the signed-in user. Every consumer re-renders when the value
            changes, so split large contexts.
          </li>
          <li>
            <strong>Server state</strong>: data fetched from an API is really a cache of the server&apos;s data. Libraries
            such as TanStack Query, SWR or RTK Query handle caching, loading and error states, deduplication, refetching
            and invalidation after a change, which is hard to get right by hand with <code>useEffect</code>.
          </li>
          <li>
            <strong>Global client state</strong> with a store such as Redux Toolkit, Zustand, Jotai or MobX, for
            app-wide data updated from many places (a shopping cart, a complex editor). Stores let components subscribe
            to just the slice they need.
          </li>
          <li>
            <strong>URL state</strong>: route parameters and the query string (<code>?page=2&amp;sort=price</code>) for
            anything a person may want to bookmark, share or get back after a reload.
          </li>
          <li>
            <strong>Form state</strong> with libraries such as React Hook Form or Formik, which track values, validation
            and submission without re-rendering the whole form on every keystroke.
          </li>
        </ul>
        <p>
          Finally, do not store what you can compute. A filtered list or a total can be derived from existing state
          during render (with <code>useMemo</code> if it is expensive), which keeps a single source of truth.
        </p>
      </>
    ),
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypical inheritance work?',
    answer: (
      <>
        <p>
          In JavaScript, objects inherit directly from other objects. Every object has a hidden link, called its
          prototype (<code>[[Prototype]]</code>, read with <code>Object.getPrototypeOf</code>), to another object or to{' '}
          <code>null</code>. When you read a property, the engine first looks at the object&apos;s own properties; if the
          property is not there, it follows the link to the prototype, then to that object&apos;s prototype, and so on.
          This is the <em>prototype chain</em>. The lookup stops at the first match, or returns <code>undefined</code>{' '}
          when it reaches <code>null</code>.
        </p>
        <p>
          Writing is different from reading: assigning <code>obj.x = 1</code> creates or updates an own property on{' '}
          <code>obj</code> (unless a setter up the chain handles it), which <em>shadows</em> any <code>x</code> further up.
          Because methods live on a shared prototype, a thousand objects can use one copy of each method.
        </p>
        <CodeSample>{`const animal = {
  speak() { return \`\${this.name} makes a sound\` },
}
const dog = Object.create(animal) // dog's prototype is animal
dog.name = 'Rex'
dog.speak()                        // 'Rex makes a sound', found on animal
Object.getPrototypeOf(dog) === animal // true`}</CodeSample>
        <p>
          Constructor functions and <code>new</code> use the same mechanism: <code>new Dog()</code> creates an object
          whose prototype is <code>Dog.prototype</code>. The <code>class</code> syntax is a clearer way to write this, not
          a different model: <code>class Dog extends Animal</code> links <code>Dog.prototype</code> to{' '}
          <code>Animal.prototype</code>, and <code>super</code> calls walk up that link. Built-ins work the same way: an
          array inherits from <code>Array.prototype</code>, which inherits from <code>Object.prototype</code>, whose
          prototype is <code>null</code>.
        </p>
        <p>
          Two practical notes: <code>Object.hasOwn(obj, key)</code> tells own properties from inherited ones (the{' '}
          <code>in</code> operator checks the whole chain), and you should never add to built-in prototypes such as{' '}
          <code>Object.prototype</code>, because every object in the program would inherit the change.
        </p>
      </>
    ),
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test? Why should we write unit tests?',
    answer: (
      <>
        <p>
          A unit test is a small, automated check of one unit of code, usually a function, a class or a component, run
          on its own. It gives the unit a known input and asserts that the output or behaviour is what we expect. Good
          unit tests are fast, independent of each other and deterministic: slow or unpredictable dependencies such as
          the network, the clock or a database are replaced with simple fakes.
        </p>
        <CodeSample>{`import { expect, test } from 'vitest'
import { formatPrice } from './format'

test('shows prices with two decimals and a $ suffix', () => {
  expect(formatPrice(120.5)).toBe('120.50$')
})`}</CodeSample>
        <p>Why write them?</p>
        <ul>
          <li>
            <strong>They catch bugs early</strong>, when a change is still fresh in your mind and cheap to fix, instead
            of in production.
          </li>
          <li>
            <strong>They make change safe.</strong> With a good suite you can refactor or upgrade a library and know
            within seconds whether behaviour broke. Run on every commit in continuous integration, they stop regressions
            from coming back.
          </li>
          <li>
            <strong>They document behaviour.</strong> A test shows exactly how a unit is meant to be used and what it
            does with edge cases, and unlike a comment it cannot silently go out of date.
          </li>
          <li>
            <strong>They improve design.</strong> Code that is hard to test is often doing too much or is tightly
            coupled; writing tests pushes towards small, focused pieces.
          </li>
          <li>
            <strong>They shorten debugging</strong>: a failing unit test points at a small piece of code.
          </li>
        </ul>
        <p>
          Unit tests do not prove that the parts work together, so they are combined with integration and end-to-end
          tests. Test behaviour that users and callers rely on rather than implementation details, so that the tests
          help refactoring instead of getting in its way.
        </p>
      </>
    ),
  },
  {
    id: 'react-angular-vue',
    question: 'React vs. Angular vs. Vue?',
    answer: (
      <>
        <p>
          All three build component-based web interfaces, are open source and are used in large production apps. They
          differ mostly in how much they decide for you.
        </p>
        <p>
          <strong>React</strong> (Meta, 2013) is a library for building user interfaces. Components are JavaScript
          functions that return JSX, state lives in hooks such as <code>useState</code>, and data flows one way, from
          parent to child. React leaves routing, data fetching and forms to the ecosystem (React Router, TanStack Query,
          React Hook Form) or to frameworks built on it such as Next.js. That flexibility, the very large ecosystem and
          React Native for mobile apps are its strengths; the cost is more choices to make.
        </p>
        <p>
          <strong>Angular</strong> (Google; the current Angular replaced AngularJS in 2016) is a complete, opinionated
          framework written in TypeScript. It ships with a router, forms, an HTTP client, dependency injection, testing
          tools and a CLI that generates a consistent project structure. Templates use Angular&apos;s own syntax and are
          compiled ahead of time; reactivity has long used RxJS observables and now also signals. It suits large teams
          who value one standard way of doing things, with a steeper learning curve.
        </p>
        <p>
          <strong>Vue</strong> (Evan You, 2014) is a progressive framework: you can add it to one page or build a whole
          app. Single-file components keep template, script and style together; templates are HTML with directives such
          as <code>v-if</code>, <code>v-for</code> and <code>v-model</code>. Its reactivity system (<code>ref</code>,{' '}
          <code>reactive</code>) tracks which data a component uses and updates only what depends on it. Official
          companions such as Vue Router and Pinia cover routing and state, and Nuxt adds server rendering. It is often
          considered the easiest of the three to learn.
        </p>
        <p>
          Which to choose? For most projects the team&apos;s experience matters more than the framework. React fits when
          you want freedom and the widest ecosystem and job market, Angular when you want batteries included and strict
          conventions across a big codebase, and Vue when you want a gentle learning curve with sensible official tools.
          Rehome&apos;s web app uses React.
        </p>
      </>
    ),
  },
]
