/* global window */
// The reference page's start: Swagger UI from the api's own packages, reading this api's document.
window.addEventListener('load', () => {
  window.ui = window.SwaggerUIBundle({
    url: new URL('../openapi.json', window.location.href).href,
    dom_id: '#reference',
    deepLinking: true,
    persistAuthorization: true,
    tryItOutEnabled: true,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
  });
});
