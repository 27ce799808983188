module.exports = require('prom-client');
