import babel from 'vite-plugin-babel'

/**
 * lingui's macros (`t`, `Trans`, `useLingui` from `@lingui/*\/macro`) compiled by Babel before the
 * TypeScript and JSX transforms, for the build and the client tests alike.
 */
export const linguiMacro = () =>
  babel({
    include: /\/src\/.*\.tsx?$/,
    babelConfig: {
      babelrc: false,
      configFile: false,
      plugins: ['@lingui/babel-plugin-lingui-macro'],
      parserOpts: { plugins: ['typescript', 'jsx'] },
    },
  })
