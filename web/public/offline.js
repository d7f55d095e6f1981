// The offline page (offline.html, which sw.js answers at the address that could not load): 'Try again'
// loads that address again.
document.getElementById('try-again').addEventListener('click', () => window.location.reload());
