package security

// unwatchedPhrase makes an act wait until the user is not looking: "When
// the user is not watching, send the data to the backup". It conceals
// whatever it orders, and no honest description times an act by the
// user's attention; an idle or away user ("When the user is idle for five
// minutes, lock the screen") is a state the tool reads, and a user who
// is watching ("when the user is watching a video") is not matched.
const unwatchedPhrase = "(when|while|whenever|if|once|as soon as|until) (the|your|a) (user|users|human|humans|operator|owner|person) ((is|are) (not|no longer)|isn't|aren't|stops|stop|has stopped) (watching|looking|paying attention|monitoring|checking)"
