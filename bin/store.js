#!/usr/bin/env node
import('../dist/cli-bundle/main.js').then((cli) => cli.run())
