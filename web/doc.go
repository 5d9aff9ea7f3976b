// Package web is Substep's HTTP layer: echo routes and handlers, templ
// views and the embedded static assets. Handlers parse the request, call
// render, search, rulings and quizzes, and render a view; no rules logic
// lives here. All echo-specific code stays in this package.
package web
