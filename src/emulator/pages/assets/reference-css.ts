// The API reference page's adjustments, served at /_assets/reference.css after Swagger UI's own
// stylesheet: the dashboard's element styles (labels, buttons, tables, code) stay out of the renderer.
export const REFERENCE_CSS = `
#reference .swagger-ui .wrapper { padding: 0; max-width: none; }
#reference .swagger-ui label { display: inline; font-weight: inherit; margin: 0; }
#reference .swagger-ui button { background: transparent; color: inherit; border-color: currentColor; }
#reference .swagger-ui button.execute, #reference .swagger-ui button.authorize { background: #4990e2; color: #fff; }
#reference .swagger-ui th { background: transparent; }
#reference .swagger-ui code { background: transparent; padding: 0; word-break: normal; }
#reference .swagger-ui pre code { color: inherit; }
`
